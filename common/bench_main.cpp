// The main() of every benchmark executable: JSON output always lands somewhere known, the
// context block records the libraries, then the chapter's course_register_benchmarks() runs.
// Kept out of the course_bench library so that nothing else can pull a second main() in.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "common/bench.hpp"
#include "common/reference.hpp"

#ifndef COURSE_BENCH_DEFAULT_DIR
#define COURSE_BENCH_DEFAULT_DIR "bench-results"
#endif

int main(int argc, char** argv) {
  std::vector<std::string> extra;
  bool has_out = false;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]).rfind("--benchmark_out=", 0) == 0) has_out = true;
  if (!has_out) {
    // JSON always lands somewhere known: the build tree, or where ./course bench asks.
    const char* env = std::getenv("COURSE_BENCH_DIR");
    const std::filesystem::path dir = env ? env : COURSE_BENCH_DEFAULT_DIR;
    std::filesystem::create_directories(dir);
    const std::string exe = std::filesystem::path(argv[0]).filename().string();
    extra.push_back("--benchmark_out=" + (dir / (exe + ".json")).string());
    extra.push_back("--benchmark_out_format=json");
  }
  std::vector<char*> args(argv, argv + argc);
  for (auto& e : extra) args.push_back(e.data());
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 1;
  course::bench::add_context("fftw_version", course::fftw_version());
  course::bench::add_context("hardware_threads", std::to_string(std::thread::hardware_concurrency()));
  course_register_benchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
