// The reference every chapter is checked and measured against: FFTW 3, in float, double and
// long double, behind one small plan class; plus a direct O(N^2) long-double DFT for tiny sizes,
// which checks the reference itself.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/complex.hpp"

namespace course {

enum class PlanEffort { estimate, measure };

// An FFTW plan for `batch` contiguous transforms of size n (distance n), out of place, in
// buffers FFTW allocated (aligned for its SIMD kernels). T: float, double or long double.
template <class T>
class FftwPlan {
 public:
  FftwPlan(std::size_t n, std::size_t batch, Direction dir, PlanEffort effort = PlanEffort::estimate, int threads = 1);
  ~FftwPlan();
  FftwPlan(const FftwPlan&) = delete;
  FftwPlan& operator=(const FftwPlan&) = delete;

  std::span<Complex<T>> in() { return {in_, n_ * batch_}; }
  std::span<Complex<T>> out() { return {out_, n_ * batch_}; }
  void execute();  // in() -> out()
  // Copies x into in(), executes, returns a copy of out().
  std::vector<Complex<T>> operator()(std::span<const Complex<T>> x);
  std::size_t size() const { return n_; }
  std::size_t batch() const { return batch_; }

 private:
  std::size_t n_, batch_;
  Complex<T>* in_ = nullptr;
  Complex<T>* out_ = nullptr;
  void* plan_ = nullptr;
};

// The exact transform to long-double accuracy (FFTW in long double), for `batch` contiguous
// transforms of size n. Tests compare every chapter with this.
template <class T>
std::vector<Complex<long double>> reference_dft(std::span<const Complex<T>> x, std::size_t n, std::size_t batch,
                                                Direction dir);

// The definition, summed directly in long double with exact per-index twiddles. O(N^2).
template <class T>
std::vector<Complex<long double>> direct_dft_ld(std::span<const Complex<T>> x, Direction dir);

// "fftw-3.3.10" and the like.
std::string fftw_version();
// Number of threads FFTW's threaded planner can use (0 if the threads library is absent).
bool fftw_threads_available();

}  // namespace course
