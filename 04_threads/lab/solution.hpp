// What ./course lab 04 --solution grades: 04's share (partition.hpp, without its alignment) and
// v2's schedule (v2_pool_barrier.cpp: the reversal, then a barrier before every stage).
#pragma once

#include "04_threads/partition.hpp"

namespace lab04 {
struct Range {
  std::size_t begin = 0, end = 0;
};

inline Range share(std::size_t total, int parts, int rank) {
  const auto r = course::ch04::share(total, parts, rank);
  return {r.begin, r.end};
}

template <class Team>
void worker(Team& team, int rank) {
  const Range idx = share(team.n(), team.threads(), rank);
  team.reverse(idx.begin, idx.end);
  const Range k = share(team.n() / 2, team.threads(), rank);
  for (unsigned s = 0; s < team.stages(); ++s) {
    team.sync();  // stage s reads what other threads wrote in stage s - 1 (or the reversal)
    team.stage(s, k.begin, k.end);
  }
}
}  // namespace lab04
