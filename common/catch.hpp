// Catch2 v2 (Debian 12: one header) and v3 (Ubuntu 24.04: a library) behind one include,
// plus the call that turns a conformance report into test failures.
#pragma once

#include <string>

#if COURSE_CATCH2_MAJOR == 3
#include <catch2/catch_approx.hpp>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
namespace course::testing {
using Catch::Approx;
inline auto contains(const std::string& s) { return Catch::Matchers::ContainsSubstring(s); }
}  // namespace course::testing
#else
#include <catch2/catch.hpp>
namespace course::testing {
using Catch::Detail::Approx;
inline auto contains(const std::string& s) { return Catch::Matchers::Contains(s); }
}  // namespace course::testing
#endif

#include "common/conformance.hpp"

namespace course {

// Every failure becomes its own Catch2 failure; a report that ran no check fails too.
inline void require_conformance(const conformance::Report& r) {
  INFO(r.summary());
  for (const auto& f : r.failures) FAIL_CHECK(f);
  CHECK(r.checks > 0);
  CHECK(r.failures.empty());
}

}  // namespace course
