#include "04_threads/team.hpp"

namespace course::ch04 {

Team::Team(int threads) : size_(threads), start_(threads), stage_(threads), done_(threads) {
  helpers_.reserve(static_cast<std::size_t>(threads > 0 ? threads - 1 : 0));
  for (int rank = 1; rank < threads; ++rank) helpers_.emplace_back([this, rank] { helper(rank); });
}

Team::~Team() {
  stop_ = true;             // published to the helpers by the barrier below
  start_.arrive_and_wait();
  for (auto& t : helpers_) t.join();
}

void Team::helper(int rank) {
  for (;;) {
    start_.arrive_and_wait();
    if (stop_) return;
    (*job_)(rank);
    done_.arrive_and_wait();
  }
}

void Team::run(const std::function<void(int)>& job) {
  std::lock_guard lock(run_mutex_);
  job_ = &job;
  start_.arrive_and_wait();
  job(0);
  done_.arrive_and_wait();  // after this, everything the helpers wrote is visible here
  job_ = nullptr;
}

}  // namespace course::ch04
