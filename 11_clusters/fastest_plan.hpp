// The course's fastest GPU transform of N = 2^k: a cluster plan (this chapter) where the planner
// rule says it beats 09 and this GPU can run it, else 09's plan. Same interface as both.
//
//   course::clusters::FastestPlan<float> plan(n, batch);
//   plan.execute(d_in, d_out, course::Direction::forward);
#pragma once

#include <memory>
#include <string>

#include "09_radixN/radix_plan.hpp"
#include "11_clusters/cluster_plan.hpp"
#include "11_clusters/planner_rule.hpp"
#include "common/bit_reverse.hpp"

namespace course::clusters {

template <class T>
class FastestPlan {
 public:
  FastestPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr) {
    if (n > 0 && is_power_of_two(n) && batch > 0 && cluster_beats_09(static_cast<int>(log2_exact(n)), sizeof(Complex<T>))) {
      try {
        cluster_ = std::make_unique<Plan<T>>(n, batch, stream);
      } catch (const size_error& e) {
        why_not_ = e.what();  // no clusters on this GPU, or not enough shared memory: 09 instead
      }
    }
    if (!cluster_) passes_ = std::make_unique<radixn::Plan<T>>(n, batch, stream);  // refuses bad input
  }

  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
    if (cluster_) cluster_->execute(in, out, dir);
    else passes_->execute(in, out, dir);
  }
  bool uses_cluster() const { return cluster_ != nullptr; }
  std::string describe() const {
    if (cluster_) return cluster_->describe();
    return passes_->describe() + (why_not_.empty() ? "" : "\n  (no cluster: " + why_not_ + ")");
  }

 private:
  std::unique_ptr<Plan<T>> cluster_;
  std::unique_ptr<radixn::Plan<T>> passes_;
  std::string why_not_;
};

}  // namespace course::clusters
