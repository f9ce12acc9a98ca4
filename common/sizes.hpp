// Refusing sizes a chapter cannot do, before any work, with a message a student can act on:
// it names the size, the chapter's limit, and which chapter handles that size instead.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "common/bit_reverse.hpp"

namespace course {

// Thrown for every refused size; derives from invalid_argument so callers may catch either.
class size_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

[[noreturn]] inline void refuse_size(const std::string& chapter, std::size_t n, const std::string& why,
                                     const std::string& instead) {
  throw size_error(chapter + ": N = " + std::to_string(n) + " refused: " + why +
                   (instead.empty() ? std::string() : "; " + instead));
}

// The radix-2 chapters' rule: N = 2^k with k = 0 .. max_log2.
inline void require_power_of_two(const std::string& chapter, std::size_t n, unsigned max_log2,
                                 const std::string& instead = "01_dft takes any N >= 1") {
  const std::size_t limit = std::size_t{1} << max_log2;
  if (n == 0) refuse_size(chapter, n, "an empty transform has no points (this chapter takes N = 2^k, k = 0.." + std::to_string(max_log2) + ")", instead);
  if (!is_power_of_two(n)) refuse_size(chapter, n, "not a power of two (this chapter takes N = 2^k, k = 0.." + std::to_string(max_log2) + ")", instead);
  if (n > limit) refuse_size(chapter, n, "above this chapter's limit of 2^" + std::to_string(max_log2) + " = " + std::to_string(limit), instead);
}

inline void require_batch(const std::string& chapter, std::size_t batch) {
  if (batch == 0) throw size_error(chapter + ": batch = 0 refused: a batch needs at least one transform");
}

}  // namespace course
