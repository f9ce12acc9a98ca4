// A persistent team of threads: started once (when a plan is made), woken for each
// transform, and kept in step by a barrier at the end of every stage. This is what v2 and v3
// use instead of starting and joining threads for every stage as v1 does.
#pragma once

#include <barrier>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace course::ch04 {

class Team {
 public:
  // Starts threads - 1 helpers; the thread that calls run() is member 0.
  explicit Team(int threads);
  ~Team();
  Team(const Team&) = delete;
  Team& operator=(const Team&) = delete;

  int size() const { return size_; }
  // Runs job(rank) on every member and returns when all of them have finished. One job at
  // a time: a second caller waits for the first.
  void run(const std::function<void(int rank)>& job);
  // Inside a job, every member calls this between two stages: nobody starts stage s + 1
  // before everybody has finished stage s (and sees what the others wrote in it).
  void sync() { stage_.arrive_and_wait(); }

 private:
  void helper(int rank);

  int size_;
  std::barrier<> start_, stage_, done_;
  const std::function<void(int)>* job_ = nullptr;  // written before start_, read after it
  bool stop_ = false;
  std::mutex run_mutex_;
  std::vector<std::thread> helpers_;
};

}  // namespace course::ch04
