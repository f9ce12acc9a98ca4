// From run-time log2 N to the compile-time cluster shape: f.template operator()<LOGN>() for the
// sizes this chapter has kernels for (cluster_shape.hpp's range per precision).
#pragma once

#include <stdexcept>
#include <string>

#include "11_clusters/cluster_shape.hpp"

namespace course::clusters {

template <class T>
inline constexpr int kMinLog2 = sizeof(T) == 4 ? kMinLog2Float : kMinLog2Double;
template <class T>
inline constexpr int kMaxLog2 = sizeof(T) == 4 ? kMaxLog2Float : kMaxLog2Double;

namespace detail {
template <class T, int LOGN, class F>
void with_logn(int logn, F&& f) {
  if constexpr (LOGN > kMaxLog2<T>) {
    throw std::logic_error("11_clusters: no cluster kernel for 2^" + std::to_string(logn) + " points");
  } else {
    if (logn == LOGN) f.template operator()<LOGN>();
    else with_logn<T, LOGN + 1>(logn, f);
  }
}
}  // namespace detail

template <class T, class F>
void with_cluster_logn(int logn, F&& f) {
  if (logn < kMinLog2<T>) throw std::logic_error("11_clusters: no cluster kernel for 2^" + std::to_string(logn) + " points");
  detail::with_logn<T, kMinLog2<T>>(logn, f);
}

}  // namespace course::clusters
