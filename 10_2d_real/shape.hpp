// The shapes this chapter transforms and the rules that refuse the others, before any device
// work. Plain C++ so the refusals are tested on every machine.
//
// A shape is `batch` row-major matrices of rows x cols. Each dimension is one shared-memory
// transform (a row in the row pass, a column in the column pass), so each must be a power of
// two no larger than kMaxSide; one dimension may be 1 (a 1 x N shape is a batch of 1D rows).
#pragma once

#include <cstddef>
#include <string>

#include "common/sizes.hpp"

namespace course::twod {

inline constexpr unsigned kMaxLog2Side = 12;  // 4096: one row or column of doubles is 64 KiB of shared memory
inline constexpr std::size_t kMaxSide = std::size_t{1} << kMaxLog2Side;
inline const std::string kChapter = "10_2d_real";

struct Shape {
  std::size_t rows = 1, cols = 1, batch = 1;
  std::size_t points() const { return rows * cols; }
  std::string str() const { return std::to_string(rows) + "x" + std::to_string(cols) + " (batch " + std::to_string(batch) + ")"; }
};

[[noreturn]] inline void refuse_shape(const Shape& s, const std::string& why) {
  throw size_error(kChapter + ": shape " + s.str() + " refused: " + why);
}

inline void require_side(const Shape& s, std::size_t side, const char* which) {
  const std::string rule = std::string(which) + " must be a power of two from 1 to " + std::to_string(kMaxSide) +
                           " (one shared-memory transform per " + (which[0] == 'r' ? "column" : "row") +
                           "); 09_radixN does longer 1D transforms";
  if (side == 0) refuse_shape(s, std::string(which) + " = 0: " + rule);
  if (!is_power_of_two(side)) refuse_shape(s, std::string(which) + " = " + std::to_string(side) + " is not a power of two: " + rule);
  if (side > kMaxSide) refuse_shape(s, std::string(which) + " = " + std::to_string(side) + " is above the limit: " + rule);
}

// Complex-to-complex 2D: both sides 1 .. 4096, powers of two, batch >= 1.
inline void require_c2c_shape(const Shape& s) {
  require_side(s, s.rows, "rows");
  require_side(s, s.cols, "cols");
  if (s.batch == 0) refuse_shape(s, "batch = 0: a batch needs at least one transform");
}

// Real 2D (and 1D, rows = 1): the rows are packed two reals per complex value, so cols >= 2.
inline void require_real_shape(const Shape& s) {
  require_c2c_shape(s);
  if (s.cols < 2) refuse_shape(s, "cols = 1: a real transform packs pairs of reals, so it needs cols >= 2 (use the C2C plan for 1 column)");
}

// Columns per block of the column pass: a power of two 1 .. 16.
inline void require_column_group(const Shape& s, std::size_t group) {
  if (group == 0 || group > 16 || !is_power_of_two(group))
    refuse_shape(s, "column group = " + std::to_string(group) + ": the column pass takes 1, 2, 4, 8 or 16 columns per block");
}

// A pass launches `blocks` blocks on the grid's x dimension (at most 2^31 - 1); the transpose
// column method puts the batch on z (at most 65535). Refused here, before the row pass has
// written anything, instead of failing at the second launch.
inline void require_grid(const Shape& s, std::size_t blocks, const char* pass) {
  if (blocks > 0x7fffffffu)
    refuse_shape(s, std::string(pass) + " needs " + std::to_string(blocks) + " blocks; a grid holds at most 2^31 - 1 = 2147483647");
}
inline void require_transpose_batch(const Shape& s) {
  if (s.batch > 65535)
    refuse_shape(s, "batch = " + std::to_string(s.batch) + ": the transpose column method puts the batch on the grid's z "
                    "dimension, at most 65535; use the grouped column method");
}
// Scratch a plan allocates, against what the device has free (both in bytes).
inline void require_scratch(const Shape& s, std::size_t bytes, std::size_t free_bytes) {
  if (bytes > free_bytes)
    refuse_shape(s, "needs " + std::to_string(bytes >> 20) + " MiB of scratch, more than the " + std::to_string(free_bytes >> 20) +
                    " MiB the device has free");
}

}  // namespace course::twod
