// Chapter 04: the iterative radix-2 FFT of 03 on P CPU threads, in three steps.
//   v1  start and join P threads for every stage            (v1_spawn_per_stage.hpp)
//   v2  a persistent pool, one barrier per stage            (v2_pool_barrier.hpp)
//   v3  blocks in cache, then columns: one barrier in all   (v3_blocked.hpp)
// Every plan: Plan(n, threads), execute(in, out, dir) with in == out allowed, size(), threads().
#pragma once

#include "04_threads/v1_spawn_per_stage.hpp"
#include "04_threads/v2_pool_barrier.hpp"
#include "04_threads/v3_blocked.hpp"
