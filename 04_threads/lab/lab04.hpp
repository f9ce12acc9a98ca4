// Lab 04: a pool of threads runs 03's radix-2 FFT, each thread a fixed share of every stage,
// with a barrier wherever a thread is about to read what another one wrote.
//   TODO 1  share: which butterflies (or indices) thread `rank` of `parts` owns
//   TODO 2  worker: one thread's schedule: its part of the reversal, then the stages, with barriers
// The pool, the reversal and the stage code are given (team.hpp). Grade with `./course lab 04`.
#pragma once

#include <cstddef>

namespace lab04 {

struct Range {
  std::size_t begin = 0, end = 0;  // [begin, end)
};

// TODO 1: split 0..total-1 into `parts` contiguous ranges, one per rank, in rank order, that
// cover everything once and differ in size by at most 1 (e.g. total 10, parts 4: 2, 3, 2, 3).
inline Range share(std::size_t total, int parts, int rank) {
  (void)total; (void)parts; (void)rank;
  return {};  // TODO 1
}

// TODO 2: the work of thread `rank` (team.threads() threads run this at once). The team offers
//   team.reverse(begin, end)      out[i] = in[rev(i)] for i in [begin, end) (the reversal, as a copy)
//   team.stage(s, begin, end)     butterflies [begin, end) of stage s (0 <= s < team.stages()),
//                                 in place on out; stage s reads what stage s-1 wrote
//   team.sync()                   the barrier: returns once every thread has called it
//   team.n(), team.threads(), team.stages()
// Each thread reverses its share of the N indices, then does its share of the N/2 butterflies in
// every stage. Put a barrier exactly where a thread could otherwise read what another thread has
// not written yet, and nowhere else (every barrier costs all threads the slowest one's time).
template <class Team>
void worker(Team& team, int rank) {
  (void)team; (void)rank;
  // TODO 2
}

}  // namespace lab04
