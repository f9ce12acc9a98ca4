// The lab grader's own tests: its diagnostics name the right index and thread, its verdicts and
// exit codes are right, and its JSON report is written. The labs' CI proofs (expect.cmake) rely
// on all of these.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

#include "common/catch.hpp"
#include "common/lab/grader.hpp"

using namespace course;
using namespace course::lab;
using course::testing::contains;

namespace {
Grader make(const std::string& dir = "") {
  static char prog[] = "test", seed_flag[] = "--seed", seed[] = "42", dir_flag[] = "--report-dir";
  static std::string d;
  d = dir;
  char* argv[] = {prog, seed_flag, seed, dir_flag, d.data()};
  return Grader("99", "self-test", dir.empty() ? 3 : 5, argv, "student");
}
}  // namespace

TEST_CASE("first_wrong names the first wrong index, an unwritten one, and passes a right answer", "[lab]") {
  std::vector<Complex<double>> got{{1, 0}, {2, 0}, {3, 0}, {4, 0}};
  std::vector<Complex<long double>> want{{1, 0}, {2, 0}, {3, 0}, {4, 0}};
  CHECK_FALSE(first_wrong<double>(got, want, 1e-12));
  got[2] = {3.5, 0};
  auto msg = first_wrong<double>(got, want, 1e-12);
  REQUIRE(msg);
  CHECK_THAT(*msg, contains("y[2] = (3.5, 0), expected (3, 0)"));
  CHECK_THAT(*msg, contains("1 of 4 outputs wrong"));
  got[1] = {std::numeric_limits<double>::quiet_NaN(), 0};
  msg = first_wrong<double>(got, want, 1e-12);
  REQUIRE(msg);
  CHECK_THAT(*msg, contains("y[1] was never written"));
}

TEST_CASE("first_wrong_thread names the thread, the element and what it should hold", "[lab]") {
  const std::vector<Complex<double>> state{{1, 0}, {2, 0}, {3, 0}, {4, 0}};
  auto right = [](std::uint32_t t, std::vector<Complex<double>>& m) { m[2 * t] = m[2 * t] + m[2 * t + 1]; };
  auto name = [](std::size_t i) { return "y[" + std::to_string(i) + "]"; };
  CHECK_FALSE(first_wrong_thread<double>(state, 2, right, right, 1e-9, name));
  auto off = [](std::uint32_t t, std::vector<Complex<double>>& m) { m[2 * t] = m[2 * t] - m[2 * t + 1]; };
  auto msg = first_wrong_thread<double>(state, 2, off, right, 1e-9, name);
  REQUIRE(msg);
  CHECK_THAT(*msg, contains("thread 0 wrote y[0] = (-1, 0), expected (3, 0)"));
  auto lazy = [](std::uint32_t t, std::vector<Complex<double>>& m) { if (t == 0) m[0] = m[0] + m[1]; };
  msg = first_wrong_thread<double>(state, 2, lazy, right, 1e-9, name);
  REQUIRE(msg);
  CHECK_THAT(*msg, contains("thread 1 did not write y[2]"));
  auto stray = [](std::uint32_t t, std::vector<Complex<double>>& m) { m[2 * t] = m[2 * t] + m[2 * t + 1]; m[3] = {9, 9}; };
  msg = first_wrong_thread<double>(state, 2, stray, right, 1e-9, name);
  REQUIRE(msg);
  CHECK_THAT(*msg, contains("thread 0 wrote y[3]"));
}

TEST_CASE("verdicts: a failure is exit 1 and names its TODO; passes only with a passed check; a skip never passes", "[lab]") {
  {
    auto g = make();
    g.set_todo_file("lab.hpp");
    g.pass("A", "one");
    g.fail("B", "two", "wrong", g.todo(2));
    CHECK(g.failures() == 1);
    CHECK(g.todo(2) == "TODO 2 (lab.hpp)");
    CHECK(g.finish() == exit_wrong);
  }
  {
    auto g = make();
    g.skip("GPU", "band", "no device");
    CHECK(g.finish() == exit_wrong);  // nothing graded is not a pass
  }
  {
    auto g = make();
    g.pass("A", "one");
    g.skip("GPU", "band", "no device");
    CHECK(g.finish() == exit_passed);
  }
}

TEST_CASE("the JSON and markdown reports are written with the verdict, the seed and the GPU part", "[lab]") {
  const auto dir = std::filesystem::temp_directory_path() / "course_lab_selftest";
  std::filesystem::remove_all(dir);
  auto g = make(dir.string());
  g.fail("A", "one", "x[3] = \"bad\"", "TODO 1");
  g.skip("GPU", "band", "no device");
  CHECK(g.finish() == exit_wrong);
  std::ifstream js(dir / "99.json"), md(dir / "99.md");
  REQUIRE(js);
  REQUIRE(md);
  std::stringstream j, m;
  j << js.rdbuf();
  m << md.rdbuf();
  CHECK_THAT(j.str(), contains("\"passed\": false"));
  CHECK_THAT(j.str(), contains("\"seed\": 42"));
  CHECK_THAT(j.str(), contains("\"gpu_part\": \"skipped\""));
  CHECK_THAT(j.str(), contains("x[3] = \\\"bad\\\""));  // escaped
  CHECK_THAT(m.str(), contains("NOT PASSED"));
  // What the class report checks: the fingerprints and the digest are in every report.
  CHECK_THAT(j.str(), contains("\"digest\": \""));
  CHECK_THAT(j.str(), contains("\"grader_version\": \""));
  CHECK_THAT(j.str(), contains("\"sources_sha256\": \""));
  CHECK_THAT(j.str(), contains("\"machine\": \""));
  std::filesystem::remove_all(dir);
}

TEST_CASE("the summary counts in words: 1 check passed, 2 checks passed", "[lab]") {
  std::ostringstream out;
  auto* old = std::cout.rdbuf(out.rdbuf());
  {
    auto g = make();
    g.pass("A", "one");
    g.finish();
  }
  {
    auto g = make();
    g.pass("A", "one");
    g.pass("A", "two");
    g.finish();
  }
  std::cout.rdbuf(old);
  CHECK_THAT(out.str(), contains("PASSED: 1 check passed, 0 failed"));
  CHECK_THAT(out.str(), contains("PASSED: 2 checks passed, 0 failed"));
}
