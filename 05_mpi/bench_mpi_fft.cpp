// The chapter's benchmark driver, one mpiexec run per rank count P:
//   mpiexec -n P bench_05_mpi [--sizes=16,20,24] [--precisions=float,double] [--reps=5]
//                             [--variants=v1,v2,v3,v3t,v4,fftw_mpi] [--v1-max=16]
//                             [--effort=measure|estimate] [--fftw-timelimit=5]
//                             [--budget-s=0] [--case-s=20] [--out=bench_05_mpi.pP.json]
// Cases run in the order given (variants within each size; FFTW-MPI first by default, so the
// baseline is measured even when the budget runs out). --budget-s caps the whole run: a case
// that would start after it is skipped and listed, never half-run. --case-s caps one case: the
// warm-up's time decides how many repetitions fit (at least 1). The JSON is rewritten after
// every case, so a run stopped from outside keeps what it measured.
// Each repetition: every rank restores its input, a barrier, then execute() alone is timed
// and the slowest rank's time counts (a distributed transform ends when its last rank does).
// Rank 0 prints the medians and writes Google-Benchmark-shaped JSON (name .../threads:<P>,
// aggregates mean/median/stddev, counters GFLOPs and GBps) that tools/report.py reads;
// merge_bench.py joins the per-P files and computes S = T1/TP and E = S/P.
#include <fftw3.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "05_mpi/fftw_mpi_baseline.hpp"
#include "05_mpi/v1_scatter_gather.hpp"
#include "05_mpi/v2_binary_exchange.hpp"
#include "05_mpi/v3_transpose.hpp"
#include "05_mpi/v4_shared_window.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::mpi;

namespace {

struct Options {
  std::vector<unsigned> sizes{16, 20, 24};
  std::vector<std::string> precisions{"float", "double"};
  std::vector<std::string> variants{"fftw_mpi", "v3", "v3t", "v2", "v4", "v1"};
  int reps = 5;
  unsigned v1_max = 16;
  bool measure = true;
  double fftw_timelimit = 5.0;  // seconds FFTW may spend measuring one plan
  double budget_s = 0;          // whole run, 0 = no limit
  double case_s = 20;           // one case's repetitions, 0 = no limit
  std::string out;
};

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> v;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) if (!item.empty()) v.push_back(item);
  return v;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* key) -> const char* {
      const std::size_t len = std::strlen(key);
      return a.compare(0, len, key) == 0 ? a.c_str() + len : nullptr;
    };
    if (auto v = value("--sizes=")) { o.sizes.clear(); for (auto& s : split(v)) o.sizes.push_back(std::stoul(s)); }
    else if (auto v = value("--precisions=")) o.precisions = split(v);
    else if (auto v = value("--variants=")) o.variants = split(v);
    else if (auto v = value("--reps=")) o.reps = std::max(1, std::atoi(v));
    else if (auto v = value("--v1-max=")) o.v1_max = static_cast<unsigned>(std::atoi(v));
    else if (auto v = value("--effort=")) o.measure = std::string(v) != "estimate";
    else if (auto v = value("--fftw-timelimit=")) o.fftw_timelimit = std::atof(v);
    else if (auto v = value("--budget-s=")) o.budget_s = std::atof(v);
    else if (auto v = value("--case-s=")) o.case_s = std::atof(v);
    else if (auto v = value("--out=")) o.out = v;
    else throw std::invalid_argument("bench_05_mpi: unknown argument " + a);
  }
  return o;
}

struct Row {
  std::string name;
  std::size_t n;
  int ranks;
  std::size_t bytes_per_point;
  std::vector<double> ms;  // one per repetition, slowest rank
};

// A benchmark case, type-erased: restore the input (untimed), run the transform (timed).
struct Case {
  std::function<void()> restore, execute;
};

double g_start = 0;  // MPI_Wtime() at the start of the run, rank 0's clock

// Seconds left of the run's budget, decided on rank 0 and broadcast so that every rank agrees
// (a rank that skipped a collective case alone would hang the others). Infinite without one.
double seconds_left(const Options& opt) {
  double left = opt.budget_s > 0 ? opt.budget_s - (MPI_Wtime() - g_start) : 1e30;
  MPI_Bcast(&left, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return left;
}

// Runs one case on every rank; returns the slowest rank's milliseconds per repetition. The
// warm-up's time (the slowest rank's, so the same on every rank) decides how many of the
// requested repetitions fit in --case-s and in what is left of --budget-s, at least one.
std::vector<double> time_case(Case& c, const Options& opt) {
  std::vector<double> ms;
  int reps = opt.reps;
  for (int r = -1; r < reps; ++r) {  // r = -1: warm-up (first touch, caches, MPI connections)
    c.restore();
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    c.execute();
    double t = (MPI_Wtime() - t0) * 1e3, slowest = 0;
    MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (r >= 0) {
      ms.push_back(slowest);
    } else {
      double cap = opt.case_s > 0 ? opt.case_s : 1e30;
      cap = std::min(cap, seconds_left(opt));
      const double fit = cap / std::max(slowest * 1e-3, 1e-9);
      if (fit < reps) reps = std::max(1, static_cast<int>(fit));
    }
  }
  return ms;
}

std::string bench_name(const std::string& variant, const char* precision, std::size_t n, int ranks) {
  std::string chapter_variant = variant == "fftw_mpi" ? "fftw_mpi/measure"
                                : variant == "v3t"    ? "05_mpi/v3/transposed"
                                                      : "05_mpi/" + variant;
  return chapter_variant + "/" + precision + "/N:" + std::to_string(n) + "/batch:1/threads:" + std::to_string(ranks);
}

template <class T>
void run_variant(const Options& opt, const std::string& variant, std::size_t n, std::vector<Row>& rows,
                 std::vector<std::string>& skipped) {
  const int rank = rank_of(MPI_COMM_WORLD), p = size_of(MPI_COMM_WORLD);
  const std::size_t m = n / static_cast<std::size_t>(p);
  const auto seed = 1234u + static_cast<unsigned>(rank);
  Case c;
  // Every plan type is kept alive by the closures; destroyed together (collectively) at the end.
  std::shared_ptr<void> keep;
  try {
    if (variant == "v1") {
      auto plan = std::make_shared<ScatterGatherFft<T>>(MPI_COMM_WORLD, n);
      auto input = std::make_shared<std::vector<Complex<T>>>(rank == 0 ? random_uniform<T>(n, seed) : std::vector<Complex<T>>{});
      auto data = std::make_shared<std::vector<Complex<T>>>(*input);
      c = {[=] { std::copy(input->begin(), input->end(), data->begin()); },
           [=] { plan->execute(*data, Direction::forward); }};
      keep = plan;
    } else if (variant == "v2" || variant == "v3" || variant == "v3t") {
      auto input = std::make_shared<std::vector<Complex<T>>>(random_uniform<T>(m, seed));
      auto data = std::make_shared<std::vector<Complex<T>>>(*input);
      std::function<void()> exec;
      if (variant == "v2") {
        auto plan = std::make_shared<BinaryExchangeFft<T>>(MPI_COMM_WORLD, n, Order::natural);
        exec = [=] { plan->execute(*data, Direction::forward); };
        keep = plan;
      } else {
        auto plan = std::make_shared<TransposeFft<T>>(MPI_COMM_WORLD, n, variant == "v3" ? Order::natural : Order::transposed);
        exec = [=] { plan->execute(*data, Direction::forward); };
        keep = plan;
      }
      c = {[=] { std::copy(input->begin(), input->end(), data->begin()); }, exec};
    } else if (variant == "v4") {
      auto plan = std::make_shared<SharedWindowFft<T>>(MPI_COMM_WORLD, n);
      // Each rank restores its own slice of the shared array: first touch spread like v2's blocks.
      const std::size_t b0 = n * static_cast<std::size_t>(rank) / static_cast<std::size_t>(p);
      const std::size_t b1 = n * static_cast<std::size_t>(rank + 1) / static_cast<std::size_t>(p);
      auto input = std::make_shared<std::vector<Complex<T>>>(random_uniform<T>(b1 - b0, seed));
      c = {[=] { std::copy(input->begin(), input->end(), plan->data().begin() + static_cast<std::ptrdiff_t>(b0)); },
           [=] { plan->execute(Direction::forward); }};
      keep = plan;
    } else if (variant == "fftw_mpi") {
      auto plan = std::make_shared<FftwMpiFft<T>>(MPI_COMM_WORLD, n, Direction::forward,
                                                  opt.measure ? PlanEffort::measure : PlanEffort::estimate);
      auto input = std::make_shared<std::vector<Complex<T>>>(random_uniform<T>(plan->local_size(), seed));
      c = {[=] { std::copy(input->begin(), input->end(), plan->block().begin()); }, [=] { plan->execute(); }};
      keep = plan;
    } else {
      if (rank == 0) std::fprintf(stderr, "unknown variant %s\n", variant.c_str());
      return;
    }
  } catch (const size_error& e) {  // decided from (N, P) alone: the same on every rank
    if (rank == 0) std::printf("  skip %-8s %-6s N=2^%u: %s\n", variant.c_str(), precision_name<T>(), log2_exact(n), e.what());
    return;
  }
  if (seconds_left(opt) <= 0) {  // planning may have used up the budget: measure nothing half-way
    skipped.push_back(bench_name(variant, precision_name<T>(), n, p));
    if (rank == 0) std::printf("  skip %-58s the --budget-s of %.0f s is spent\n", skipped.back().c_str(), opt.budget_s);
    return;
  }
  Row row{bench_name(variant, precision_name<T>(), n, p), n, p, sizeof(Complex<T>), time_case(c, opt)};
  c = {};
  keep.reset();
  if (rank != 0) return;
  auto sorted = row.ms;
  std::sort(sorted.begin(), sorted.end());
  const double med = sorted.size() % 2 ? sorted[sorted.size() / 2] : 0.5 * (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]);
  std::printf("  %-58s median %10.3f ms  %7.2f GFLOP/s\n", row.name.c_str(), med,
              5.0 * n * std::log2(static_cast<double>(n)) / (med * 1e6));
  std::fflush(stdout);
  rows.push_back(std::move(row));
}

std::string json_escape(const std::string& s) {
  std::string o;
  for (char ch : s) {
    if (ch == '"' || ch == '\\') { o += '\\'; o += ch; }
    else if (ch == '\n') o += "\\n";
    else if (static_cast<unsigned char>(ch) >= 0x20) o += ch;
  }
  return o;
}

double cpu_mhz() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("cpu MHz", 0) == 0) return std::atof(line.substr(line.find(':') + 1).c_str());
  return 0;
}

// Other work on the machine shows in every number; the JSON records how busy it was.
std::string load_average() {
  std::ifstream in("/proc/loadavg");
  double a = 0, b = 0, c = 0;
  in >> a >> b >> c;
  std::ostringstream s;
  s << a << ", " << b << ", " << c;
  return s.str();
}

void write_json(const Options& opt, const std::vector<Row>& rows, const std::vector<std::string>& skipped,
                const std::string& path) {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  char lib[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int len = 0;
  MPI_Get_library_version(lib, &len);
  std::string mpi_lib(lib, static_cast<std::size_t>(len));
  mpi_lib = mpi_lib.substr(0, mpi_lib.find_first_of("\n,"));
  char date[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S+00:00", std::gmtime(&now));

  const std::string tmp = path + ".tmp";  // renamed at the end: readers never see half a file
  std::ofstream out(tmp);
  out << "{\n  \"context\": {\n"
      << "    \"date\": \"" << date << "\",\n"
      << "    \"host_name\": \"" << json_escape(host) << "\",\n"
      << "    \"executable\": \"bench_05_mpi\",\n"
      << "    \"num_cpus\": " << std::thread::hardware_concurrency() << ",\n"
      << "    \"mhz_per_cpu\": " << static_cast<int>(cpu_mhz()) << ",\n"
      << "    \"library_build_type\": \"release\",\n"
      << "    \"load_avg\": [" << load_average() << "],\n"
      << "    \"mpi_ranks\": \"" << size_of(MPI_COMM_WORLD) << "\",\n"
      << "    \"mpi_library\": \"" << json_escape(mpi_lib) << "\",\n"
      << "    \"fftw_version\": \"" << course::fftw_version() << "\",\n"
      << "    \"fftw_effort\": \"" << (opt.measure ? "measure" : "estimate") << "\",\n"
      << "    \"budget_s\": " << opt.budget_s << ",\n"
      << "    \"case_s\": " << opt.case_s << ",\n"
      << "    \"skipped_for_budget\": [";
  for (std::size_t i = 0; i < skipped.size(); ++i) out << (i ? ", " : "") << "\"" << json_escape(skipped[i]) << "\"";
  out << "],\n"
      << "    \"timing\": \"slowest rank's execute(), barrier before each repetition, 1 warm-up\"\n"
      << "  },\n  \"benchmarks\": [";
  bool first = true;
  for (const auto& r : rows) {
    std::vector<double> v = r.ms;
    std::sort(v.begin(), v.end());
    const double n = static_cast<double>(v.size());
    double mean = 0;
    for (double x : v) mean += x / n;
    double var = 0;
    for (double x : v) var += (x - mean) * (x - mean);
    const double stddev = v.size() > 1 ? std::sqrt(var / (n - 1)) : 0;
    const double median = v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
    for (const auto& [agg, ms] : std::vector<std::pair<std::string, double>>{{"mean", mean}, {"median", median}, {"stddev", stddev}}) {
      const bool rate = agg != "stddev";
      const double flops = 5.0 * static_cast<double>(r.n) * std::log2(static_cast<double>(r.n));
      const double bytes = 2.0 * static_cast<double>(r.n * r.bytes_per_point);
      out << (first ? "\n" : ",\n") << "    {\"name\": \"" << r.name << "_" << agg << "\", \"run_name\": \"" << r.name
          << "\", \"run_type\": \"aggregate\", \"repetitions\": " << v.size() << ", \"threads\": " << r.ranks
          << ", \"aggregate_name\": \"" << agg << "\", \"iterations\": " << v.size() << ", \"real_time\": " << ms
          << ", \"cpu_time\": " << ms << ", \"time_unit\": \"ms\", \"GFLOPs\": " << (rate && ms > 0 ? flops / (ms * 1e6) : 0)
          << ", \"GBps\": " << (rate && ms > 0 ? bytes / (ms * 1e6) : 0) << ", \"N\": " << r.n
          << ", \"batch\": 1, \"ranks\": " << r.ranks << "}";
      first = false;
    }
  }
  out << "\n  ]\n}\n";
  out.close();
  std::rename(tmp.c_str(), path.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  init_fftw_mpi();
  const int rank = rank_of(MPI_COMM_WORLD), p = size_of(MPI_COMM_WORLD);
  int rc = 0;
  try {
    Options opt = parse(argc, argv);
    fftw_set_timelimit(opt.fftw_timelimit);  // a measured FFTW-MPI plan may time transposes for minutes
    fftwf_set_timelimit(opt.fftw_timelimit);
    if (opt.out.empty()) opt.out = "bench_05_mpi.p" + std::to_string(p) + ".json";
    g_start = MPI_Wtime();
    if (rank == 0)
      std::printf("bench_05_mpi: P = %d ranks, up to %d repetitions, medians of the slowest rank; "
                  "budget %g s, a case at most %g s (0 = no limit)\n", p, opt.reps, opt.budget_s, opt.case_s);
    std::vector<Row> rows;
    std::vector<std::string> skipped;
    for (const auto& precision : opt.precisions)
      for (unsigned k : opt.sizes)
        for (const auto& variant : opt.variants) {
          if (variant == "v1" && k > opt.v1_max) continue;  // v1 moves 2 N log2 N points through rank 0
          const std::size_t n = std::size_t{1} << k;
          const std::size_t before = rows.size() + skipped.size();
          if (seconds_left(opt) <= 0) {  // no plan is even built once the budget is spent
            skipped.push_back(bench_name(variant, precision.c_str(), n, p));
            if (rank == 0) std::printf("  skip %-58s the --budget-s of %.0f s is spent\n", skipped.back().c_str(), opt.budget_s);
          } else if (precision == "float") {
            run_variant<float>(opt, variant, n, rows, skipped);
          } else {
            run_variant<double>(opt, variant, n, rows, skipped);
          }
          // Rewritten after every case: a run stopped from outside keeps what it measured.
          if (rank == 0 && rows.size() + skipped.size() != before) write_json(opt, rows, skipped, opt.out);
        }
    if (rank == 0) {
      write_json(opt, rows, skipped, opt.out);
      std::printf("wrote %s (%zu cases, %zu skipped for the budget)\n", opt.out.c_str(), rows.size(), skipped.size());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "[rank %d] bench_05_mpi: %s\n", rank, e.what());
    rc = 1;
  }
  finalize_fftw_mpi();
  MPI_Finalize();
  return rc;
}
