// A planted wrong solution for the CI proof (not for students): pack_index and step4_input from
// the solution, the message's receive offset taken for the next sender, (from + 1) mod P: every
// tile leaves from the right place and lands in the rows of the wrong rank. Right for P = 1
// only; the grader must fail it at TODO 2.
#pragma once
#include "../solution.hpp"
namespace lab13_planted {
inline lab13::Message message(const lab13::Split& s, std::int64_t from, std::int64_t to, std::int64_t c) {
  lab13::Message m = lab13::message(s, from, to, c);
  m.recv_offset = lab13::message(s, (from + 1) % s.p, to, c).recv_offset;  // wrong block
  return m;
}
}  // namespace lab13_planted
#define LAB13_MESSAGE lab13_planted::message
