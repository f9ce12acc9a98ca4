// A planted wrong solution for the CI proof (not for students): share right, but the barrier after
// each stage instead of before it, so stage 0 starts before the reversal is complete. The
// grader must fail it at TODO 2.
#pragma once
#include "../solution.hpp"
namespace lab04_planted {
template <class Team>
void worker(Team& team, int rank) {
  const auto idx = lab04::share(team.n(), team.threads(), rank);
  team.reverse(idx.begin, idx.end);
  const auto k = lab04::share(team.n() / 2, team.threads(), rank);
  for (unsigned s = 0; s < team.stages(); ++s) {
    team.stage(s, k.begin, k.end);
    team.sync();  // wrong place
  }
}
}  // namespace lab04_planted
#define LAB04_WORKER lab04_planted::worker
