// Lab 04's team (you need not edit this file): std::threads with a std::barrier, the reversal and
// 03's radix2_stage, plus bookkeeping for the grader: which butterflies each step did, and whether
// a thread began a step before every thread had finished the step it reads.
#pragma once

#include <atomic>
#include <barrier>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "03_iterative/radix2.hpp"
#include "common/bit_reverse.hpp"

namespace lab04 {

using course::Complex;
using course::Direction;

template <class T>
class Team {
 public:
  Team(const Complex<T>* in, Complex<T>* out, std::size_t n, int threads, Direction dir, bool slow_rank0)
      : in_(in), out_(out), n_(n), threads_(threads), dir_(dir), slow_rank0_(slow_rank0),
        stages_(course::log2_exact(n)), table_(n), barrier_(threads),
        done_(stages_ + 1), touched_(stages_ + 1) {
    // Stage s reads w(j, 2^(s+1)) at offset 2^s - 1, as 03's Radix2Plan lays them out.
    for (unsigned s = 0; s < stages_; ++s)
      for (std::size_t j = 0; j < (std::size_t{1} << s); ++j)
        table_[(std::size_t{1} << s) - 1 + j] = course::twiddle<T>(static_cast<std::int64_t>(j), std::int64_t{2} << s);
    for (unsigned s = 0; s <= stages_; ++s) touched_[s].assign(s == 0 ? n : n / 2, 0);
  }

  std::size_t n() const { return n_; }
  int threads() const { return threads_; }
  unsigned stages() const { return stages_; }

  void sync() {
    ++syncs_;
    barrier_.arrive_and_wait();
  }

  void reverse(std::size_t begin, std::size_t end) {
    enter(0, begin, end);
    const unsigned bits = stages_;
    for (std::size_t i = begin; i < end && i < n_; ++i) out_[i] = in_[course::reverse_bits64(i, bits)];
    leave(0, begin, end);
  }

  void stage(unsigned s, std::size_t begin, std::size_t end) {
    if (s >= stages_) return record("stage " + std::to_string(s) + " called, but there are only " + std::to_string(stages_) + " stages");
    enter(s + 1, begin, end);
    const std::size_t half = std::size_t{1} << s;
    const std::span<const Complex<T>> w(table_.data() + half - 1, half);
    end = std::min(end, n_ / 2);
    if (begin < end) {
      if (dir_ == Direction::forward) course::iterative::radix2_stage<Direction::forward, T>({out_, n_}, w, half, begin, end);
      else course::iterative::radix2_stage<Direction::inverse, T>({out_, n_}, w, half, begin, end);
    }
    leave(s + 1, begin, end);
  }

  // Runs worker(team, rank) on `threads` std::threads.
  template <class Worker>
  void run(Worker worker) {
    std::vector<std::thread> pool;
    for (int r = 0; r < threads_; ++r) pool.emplace_back([&, r] { rank_ = r; worker(*this, r); });
    for (auto& t : pool) t.join();
  }

  // The first ordering problem seen ("" if none), and coverage of each step.
  const std::string& problem() const { return problem_; }
  std::string coverage() const {
    for (unsigned step = 0; step <= stages_; ++step)
      for (std::size_t i = 0; i < touched_[step].size(); ++i)
        if (touched_[step][i] != 1) {
          const std::string what = step == 0 ? "index " + std::to_string(i) + " of the reversal" : "butterfly " + std::to_string(i) + " of stage " + std::to_string(step - 1);
          return what + " was done " + std::to_string(touched_[step][i]) + " times (expected once)";
        }
    return "";
  }
  int syncs() const { return syncs_; }

 private:
  static inline thread_local int rank_ = -1;

  void record(const std::string& p) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (problem_.empty()) problem_ = p;
  }

  // A step may begin only once all of the step before it is done (counted in indices/butterflies).
  void enter(unsigned step, std::size_t begin, std::size_t end) {
    // Rank 0 dawdles, so that a missing barrier shows every run instead of now and then.
    if (slow_rank0_ && rank_ == 0) std::this_thread::sleep_for(std::chrono::milliseconds(3));
    const std::size_t before = step == 0 ? 0 : touched_[step - 1].size();
    if (step > 0 && static_cast<std::size_t>(done_[step - 1].load()) != before) {
      const std::string what = step == 1 ? "the reversal" : "stage " + std::to_string(step - 2);
      record("thread " + std::to_string(rank_) + " began " + (step == 0 ? std::string("the reversal") : "stage " + std::to_string(step - 1)) +
             " while only " + std::to_string(done_[step - 1].load()) + " of the " + std::to_string(before) + " " + (step == 1 ? "indices" : "butterflies") + " of " + what + " were done" +
             ": it may read points not written yet (a barrier is missing before stage " + std::to_string(step - 1) + ")");
    }
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t i = begin; i < end && i < touched_[step].size(); ++i) ++touched_[step][i];
    if (end > touched_[step].size() || begin > end)
      if (problem_.empty()) problem_ = "thread " + std::to_string(rank_) + " asked for [" + std::to_string(begin) + ", " + std::to_string(end) + "), outside 0.." + std::to_string(touched_[step].size());
  }
  void leave(unsigned step, std::size_t begin, std::size_t end) {
    end = std::min(end, touched_[step].size());
    if (begin < end) done_[step] += static_cast<int>(end - begin);
  }

  const Complex<T>* in_;
  Complex<T>* out_;
  std::size_t n_;
  int threads_;
  Direction dir_;
  bool slow_rank0_;
  unsigned stages_;
  std::vector<Complex<T>> table_;
  std::barrier<> barrier_;
  std::vector<std::atomic<int>> done_;
  std::vector<std::vector<int>> touched_;
  std::mutex mutex_;
  std::string problem_;
  std::atomic<int> syncs_{0};
};

}  // namespace lab04
