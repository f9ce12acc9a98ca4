// 12's GPU plan on the device against the conformance suite, both precisions: every N from 1 to
// 4096 (mixed radix or Bluestein), 31-smooth products of two and three passes up to 2^24, the
// primes of the issue; in place; replayed as a CUDA graph; a small set for compute-sanitizer.
#include <algorithm>
#include <cmath>
#include <complex>
#include <map>
#include <memory>
#include <regex>
#include <string>

#include "12_any_n/gpu_fixed.hpp"
#include "12_any_n/gpu_plan.hpp"
#include "12_any_n/gpu_route.hpp"
#include "12_any_n/graph_replay.hpp"
#include "common/catch.hpp"
#include "common/gpu_conformance.hpp"
#include "common/gpu_limits.hpp"

using namespace course;
using namespace course::anyn;
using namespace course::anyn::gpu;

namespace {
// The GPU plan as a conformance transform, with the plan's kernel choice and block size (as
// Plan's own defaults unless given).
template <class T>
auto make_plan(PassKernel kernel = PassKernel::best, int block_points = 0) {
  return device_transform<T>(
      [kernel, block_points](std::size_t n, std::size_t batch) { return std::make_unique<Plan<T>>(n, batch, nullptr, block_points, kernel); });
}

// The shared-memory limit the plans see: the device's, or COURSE_SHARED_LIMIT_KIB (ctest runs
// this test at 48, 64 and 99 KiB too, where blocks shrink and fewer passes have a compiled shape).
int shared_limit_bytes() {
  return resolve_shared_limit(chapter, 0, cuda::device_shared_limit_bytes(), kMostSharedLimitBytes).bytes;
}

// Whether N's passes include a compiled shape at this limit, found as MixedPlan finds it.
template <class T>
bool compiled_here(std::size_t n, std::size_t batch) {
  PassTables<T> tables;
  const auto passes = make_passes<T>(n, batch, tables, 0, most_block_points<T>(shared_limit_bytes()));
  return passes.size() == 1 && fixed_kernel_for<T>(passes[0], direct_pass(passes[0], false)).kernel != nullptr;
}

bool says_compiled(const std::string& description) { return description.find("compiled for this shape") != std::string::npos; }

// The plan built on a stream of its own, each execute() captured for its buffers and replayed as
// one CUDA graph (graph_replay.hpp); device_transform does the copies around it.
template <class T>
struct GraphPlan {
  Stream stream;
  Plan<T> plan;
  GraphPlan(std::size_t n, std::size_t batch) : plan(n, batch, stream.get()) {}
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
    const GraphReplay graph(stream.get(), [&] { plan.execute(in, out, dir); });
    graph.launch(stream.get());
    COURSE_CUDA_CHECK(cudaStreamSynchronize(stream.get()));  // the graph is destroyed on return
  }
};
}  // namespace

TEMPLATE_TEST_CASE("GPU any N: every N from 1 to 4096, batch 3", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  for (std::size_t n = 1; n <= 4096; ++n) cfg.sizes.push_back(n);
  cfg.batch = 3;
  cfg.all_checks_up_to = 64;
  cfg.refused = {0, std::size_t{1} << 28};
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("GPU any N: 31-smooth products of two and three passes up to 2^24", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = {8192 * 3, 10000, 44100, 1000000, 781250, 2 * 16807, 3 << 18, 1 << 24, 173056 /* 2^10 13^2 */, 585728 /* 2^12 11 13 */,
               475136 /* 2^14 29 */, 984064 /* 2^10 31^2 */, 2852736 /* 2^7 3 17 19 23: three passes */};
  if (sizeof(TestType) == 4) cfg.sizes.insert(cfg.sizes.end(), {65536 * 3, 1 << 20, 4782969 /* 3^14 */, 9765625 /* 5^10 */, 5764801 /* 7^8 */});
  cfg.batch = 2;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("GPU any N: powers of two through the mixed-radix passes as well as 09's plan", "[gpu][conformance]", float,
                   double) {
  conformance::Config cfg;
  cfg.sizes = {1, 2, 4, 16, 1024, 4096, 1 << 16, 1 << 20};
  cfg.batch = 3;
  cfg.all_checks_up_to = 16;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(
      device_transform<TestType>([](std::size_t n, std::size_t batch) { return std::make_unique<MixedPlan<TestType>>(n, batch); }), cfg));
}

TEMPLATE_TEST_CASE("GPU any N: forced block sizes, up to the largest blocks", "[gpu]", float, double) {
  for (int points : {2048, 8192, kLargestBlockPoints<TestType>}) {
    conformance::Config cfg;
    cfg.sizes = {6, 1000, 2187};
    if (points == kLargestBlockPoints<TestType>) cfg.sizes.insert(cfg.sizes.end(), {6144, sizeof(TestType) == 4 ? 10000u : 7776u});
    cfg.batch = 5;
    cfg.all_checks_up_to = 1;
    cfg.refused = {0};
    INFO("block points " << points);
    require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(PassKernel::best, points), cfg));
  }
}

TEMPLATE_TEST_CASE("GPU any N: a single pass through shared memory at both ends too", "[gpu]", float, double) {
  conformance::Config cfg;
  cfg.sizes = {1, 6, 16, 1000, 2187, 2401, 6144};
  cfg.batch = 5;
  cfg.all_checks_up_to = 16;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(PassKernel::shared_io), cfg));
}

// Single passes on the kernels built for three or two blocks an SM (gpu_plan.cu's
// kThreeBlockThreads, kTwoBlockThreads), their fewer registers checked here, direct and through
// shared memory, with a partial last block (batch 3): float 5400 and 6000 (352, 384 threads),
// 8575-9000 (544, 576); double 2835 (192), 4375, 4500 (288), 4860, 5000 (320), all N that
// no wide pass takes (wide_pass, 12-15 or 18-28) and no compiled shape (3000 = 3 * 10 * 10 * 10). Where the simulated limit holds fewer points a block
// (48-99 KiB), those N take two passes instead.
TEMPLATE_TEST_CASE("GPU any N: single passes on the kernels built for more blocks an SM", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = sizeof(TestType) == 4 ? std::vector<std::size_t>{5400, 6000, 8575, 8750, 9000}
                                    : std::vector<std::size_t>{2835, 4375, 4500, 4860, 5000};
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {0};
  // The blocks an SM the device reports for the kernel that runs (describe()): what its registers
  // allow, three below 6144 float or 3072 double points and two above, unless the SM's shared
  // memory or threads hold fewer (a GPU with 100 KiB an SM holds two blocks of 5600 float points).
  const cudaDeviceProp prop = [] {
    cudaDeviceProp p{};
    int device = 0;
    COURSE_CUDA_CHECK(cudaGetDevice(&device));
    COURSE_CUDA_CHECK(cudaGetDeviceProperties(&p, device));
    return p;
  }();
  auto blocks = [&](std::size_t n) {
    PassTables<TestType> tables;
    const auto passes = make_passes<TestType>(n, 3, tables, 0, most_block_points<TestType>(shared_limit_bytes()));
    const std::size_t bytes = static_cast<std::size_t>(pass_shared_bytes(passes.at(0))) + prop.reservedSharedMemPerBlock;
    const std::size_t by_registers = n <= (sizeof(TestType) == 4 ? 6144u : 3072u) ? 3 : 2;
    const std::size_t held = std::min({by_registers, prop.sharedMemPerMultiprocessor / bytes,
                                       static_cast<std::size_t>(prop.maxThreadsPerMultiProcessor) / launch_threads(n, kPointsPerThread)});
    return "(" + std::to_string(held) + (held == 1 ? " block an SM)" : " blocks an SM)");
  };
  for (const auto kernel : {PassKernel::best, PassKernel::shared_io}) {
    for (const std::size_t n : cfg.sizes) {
      INFO("N = " << n << ", shared-memory limit " << shared_limit_bytes() << " bytes");
      const bool one_block = n <= static_cast<std::size_t>(most_block_points<TestType>(shared_limit_bytes()));
      const std::string d = Plan<TestType>(n, 3, nullptr, 0, kernel).describe();
      CHECK_THAT(d, course::testing::contains(one_block ? "1 pass" : "2 passes"));
      if (one_block) CHECK_THAT(d, course::testing::contains(std::string("a block of ") + std::to_string(launch_threads(n, kPointsPerThread)) + " threads " + blocks(n)));
    }
    require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(kernel), cfg));
  }
}

// Wide passes (12 points a thread, a stage fewer) only where the device keeps the overlap
// between blocks (keep_wide, gpu_shape.hpp). Every 7-smooth N to 16384 whose single pass may run
// wide at this limit: as one transform (a grid that fits the GPU at once) it runs wide; in a batch
// of 2^24 points it runs wide where its kernel holds as many blocks an SM, and where not, the
// 16-point pass holds two or more, wide would hold one, and describe() says so. Plans only.
TEMPLATE_TEST_CASE("GPU any N: wide passes only where they keep two blocks an SM", "[gpu]", float, double) {
  const int most = most_block_points<TestType>(shared_limit_bytes());
  const std::regex blocks_re(R"(\((\d+) blocks? an SM\))");
  const auto blocks_of = [&](const std::string& d) {
    std::smatch m;
    return std::regex_search(d, m, blocks_re) ? std::stoi(m[1]) : -1;
  };
  int kept = 0, turned_down = 0;
  for (std::size_t n = 2; n <= 16384; ++n) {
    if (!is_smooth(n) || is_power_of_two(n)) continue;
    PassTables<TestType> tables;
    const auto passes = make_passes<TestType>(n, 1, tables, 0, most);
    if (passes.size() != 1 || passes[0].points != kWidePoints) continue;
    INFO("N = " << n << ", shared-memory limit " << shared_limit_bytes() << " bytes");
    const std::string single = Plan<TestType>(n, 1).describe();
    const std::string runs_wide = "an SM) at 12 points a thread";  // not describe()'s "not wide (at 12 points a thread ..."
    CHECK_THAT(single, course::testing::contains(runs_wide));
    const int wide_blocks = blocks_of(single);
    const std::string batched = Plan<TestType>(n, (std::size_t{1} << 24) / n).describe();
    INFO(batched);
    if (batched.find(runs_wide) != std::string::npos) {
      CHECK(blocks_of(batched) == wide_blocks);
      ++kept;
    } else {
      CHECK_THAT(batched, course::testing::contains(", not wide (at 12 points a thread 1 block an SM)"));
      CHECK(wide_blocks == 1);
      CHECK(blocks_of(batched) >= 2);
      ++turned_down;
    }
  }
  INFO("wide in the batch: " << kept << ", turned down: " << turned_down);
  CHECK(kept + turned_down > 0);
  // On sm_90, from 64 KiB a block up, float passes of 6000-9000 points hold two blocks an SM at 16
  // points a thread and one wide (H200: 83 turned down at 227 KiB, 75 at 64 and 99): a rule that
  // kept every wide pass would fail here.
  int device = 0, major = 0;
  COURSE_CUDA_CHECK(cudaGetDevice(&device));
  COURSE_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  if (major == 9 && shared_limit_bytes() >= 64 * 1024) CHECK(turned_down > 0);
}

// Stages of 18, 20, 21, 24 and 28 at 16 points a thread (is_widest_radix), in kernels of their
// own: float 9261 = 21 * 21 * 21 (three stages, not five), 10080 = 20 * 21 * 24, 5292 and 8640
// (which without them take the three- and two-block kernels), 441; at the smaller limits some
// take two passes. As one transform (all blocks at once) a pass with such a stage runs it; in a
// batch of 2^24 points, where keep_wide keeps it, and where not, describe() says so.
TEMPLATE_TEST_CASE("GPU any N: stages of 18 to 28 where they save a stage", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = sizeof(TestType) == 4 ? std::vector<std::size_t>{21, 441, 5292, 8640, 9261, 10080} : std::vector<std::size_t>{21, 441, 2800, 4200, 4536};
  cfg.batch = 3;
  cfg.all_checks_up_to = 21;
  cfg.refused = {0};
  const int most = most_block_points<TestType>(shared_limit_bytes());
  const std::regex widest_stage(R"(; \d+ =( \d+ \*)* (18|20|21|24|28)[ ,])");  // describe()'s passes: "; 441 = 21 * 21, ..."
  for (const std::size_t n : cfg.sizes) {
    PassTables<TestType> tables;
    const auto passes = make_passes<TestType>(n, 1, tables, 0, most);
    INFO("N = " << n << ", shared-memory limit " << shared_limit_bytes() << " bytes: " << passes.size() << " passes");
    const bool widest = std::any_of(passes.begin(), passes.end(), [](const auto& a) { return has_widest_stage(a); });
    if (passes.size() == 1) CHECK(widest);  // each N here saves a stage in one pass (21 and 441 at every limit)
    const std::string single = Plan<TestType>(n, 1).describe();
    INFO(single);
    CHECK(std::regex_search(single, widest_stage) == widest);
    if (n == 9261 && passes.size() == 1) CHECK_THAT(single, course::testing::contains("9261 = 21 * 21 * 21,"));
    const std::string batched = Plan<TestType>(n, (std::size_t{1} << 24) / n).describe();
    INFO(batched);
    if (widest) CHECK((std::regex_search(batched, widest_stage) || batched.find(", not wide (with stages to 28") != std::string::npos));
  }
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("GPU any N: primes by Bluestein", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = {257, 1009, 65537, 999983, 16777213};
  cfg.batch = 1;
  cfg.all_checks_up_to = 257;
  cfg.refused = {};
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("GPU any N: the primes 37 to 251 by pair sums", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = pair_sum_primes();
  cfg.batch = 3;
  cfg.all_checks_up_to = 41;
  cfg.refused = {};
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(), cfg));
  // The route the model (gpu_route.hpp) gives: pair sums for a few transforms; at a batch of 1024
  // Bluestein for the larger primes (float 27 of the 43, double 35 by pair sums).
  for (const std::size_t batch : {cfg.batch, std::size_t{1024}})
    for (const std::size_t p : cfg.sizes) {
      INFO("p = " << p << ", batch " << batch);
      CHECK_THAT(Plan<TestType>(p, batch).describe(), course::testing::contains(pair_sums_faster<TestType>(p, batch) ? "by pair sums" : "Bluestein"));
    }
}

TEMPLATE_TEST_CASE("GPU any N: Bluestein above one block, the chirp fused into the passes and apart", "[gpu]", float, double) {
  conformance::Config cfg;
  cfg.sizes = {4099, 10007, 65537};  // M = 16384 (one pass in float with 128 KiB blocks), 32768, 2^18
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  for (PassKernel k : {PassKernel::fused_chirp, PassKernel::separate_chirp})
    require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(k), cfg));
  // M = 2^21 in three passes, fused, which the plan's own choice leaves to 09.
  cfg.sizes = {999983};
  cfg.batch = 1;
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(PassKernel::fused_chirp), cfg));
}

TEMPLATE_TEST_CASE("GPU any N: in place equals out of place bit for bit", "[gpu]", float, double) {
  for (std::size_t n : {1000, 10000, 1000000, 781250, 1009, 10007}) {
    const std::size_t batch = n > 100000 ? 2 : 333;
    const auto x = random_uniform<TestType>(n * batch, 5);
    std::vector<Complex<TestType>> a_host(n * batch), b_host(n * batch);
    Plan<TestType> plan(n, batch);
    cuda::DeviceBuffer<Complex<TestType>> a(n * batch), b(n * batch);
    a.upload(std::span<const Complex<TestType>>(x.data(), x.size()));
    plan.execute(a.data(), b.data(), Direction::inverse);
    plan.execute(a.data(), a.data(), Direction::inverse);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    a.download(std::span<Complex<TestType>>(a_host.data(), a_host.size()));
    b.download(std::span<Complex<TestType>>(b_host.data(), b_host.size()));
    std::size_t differ = 0;
    for (std::size_t i = 0; i < n * batch; ++i) differ += a_host[i].re != b_host[i].re || a_host[i].im != b_host[i].im;
    INFO("N = " << n << ": " << plan.describe());
    CHECK(differ == 0);
  }
}

// Every route of the front door: one pass (compiled and generic), two and three passes, a power of
// two in one pass, on clusters and in two passes, Bluestein in one block and through passes of M.
TEMPLATE_TEST_CASE("GPU any N: the plan replayed as a CUDA graph passes the conformance suite", "[gpu][graph]", float, double) {
  conformance::Config cfg;
  cfg.sizes = {1, 7, 1000, 1009, 2187, 4096, 10000, 10007, 44100, 65536, 1 << 20, 1000000};
  cfg.batch = 2;
  cfg.all_checks_up_to = 16;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(
      device_transform<TestType>([](std::size_t n, std::size_t batch) { return std::make_unique<GraphPlan<TestType>>(n, batch); }), cfg));
}

// One capture, several replays: each reads what the buffers hold now, and gives the bits the
// plan's own execute() gives.
TEMPLATE_TEST_CASE("GPU any N: a graph replayed on new data equals the plan's execute bit for bit", "[gpu][graph]", float, double) {
  for (std::size_t n : {std::size_t{1000}, std::size_t{10007}, std::size_t{1} << 20, std::size_t{1000000}}) {
    const std::size_t batch = 3;
    Stream stream;
    const Plan<TestType> plan(n, batch, stream.get());
    cuda::DeviceBuffer<Complex<TestType>> in(n * batch), out(n * batch), want(n * batch);
    const GraphReplay graph(stream.get(), [&] { plan.execute(in.data(), out.data(), Direction::forward); });
    INFO("N = " << n << ": " << plan.describe() << "; " << graph.nodes() << " graph nodes");
    CHECK(graph.nodes() >= 1);
    for (std::uint64_t round = 0; round < 3; ++round) {
      const auto x = random_uniform<TestType>(n * batch, 40 + round);
      in.upload(std::span<const Complex<TestType>>(x.data(), x.size()));
      out.poison();
      graph.launch(stream.get());
      plan.execute(in.data(), want.data(), Direction::forward);
      COURSE_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
      const auto got = out.to_host(), ref = want.to_host();
      std::size_t differ = 0;
      for (std::size_t i = 0; i < n * batch; ++i) differ += got[i].re != ref[i].re || got[i].im != ref[i].im;
      CHECK(differ == 0);
    }
  }
}

TEST_CASE("GPU any N: a graph of the legacy default stream is refused before anything is recorded", "[gpu][graph]") {
  bool recorded = false;
  CHECK_THROWS_WITH(GraphReplay(nullptr, [&] { recorded = true; }), course::testing::contains("legacy default stream (0)"));
  CHECK_FALSE(recorded);
}

TEST_CASE("GPU any N: a later plan of the same kernel leaves an earlier one its shared memory", "[gpu]") {
  // 7000 and 6144 float points share a kernel (512 threads, direct) with 56000 and 49152 bytes
  // of shared memory: the second plan must not lower what the first set.
  const std::size_t batch = 4;
  Plan<float> large(7000, batch);
  Plan<float> smaller(6144, batch);
  const auto x = random_uniform<float>(7000 * batch, 9);
  cuda::DeviceBuffer<Complex<float>> in(7000 * batch), out(7000 * batch);
  in.upload(std::span<const Complex<float>>(x.data(), x.size()));
  smaller.execute(in.data(), out.data(), Direction::forward);
  large.execute(in.data(), out.data(), Direction::forward);
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<Complex<float>> y(7000 * batch);
  out.download(std::span<Complex<float>>(y.data(), y.size()));
  // Transform 0 against the direct sum at a few bins.
  for (std::size_t k : {0u, 1u, 3499u, 6999u}) {
    std::complex<double> s = 0;
    for (std::size_t j = 0; j < 7000; ++j)
      s += std::complex<double>(x[j].re, x[j].im) * std::polar(1.0, -2 * 3.14159265358979323846 * double((j * k) % 7000) / 7000);
    INFO("bin " << k);
    CHECK(std::abs(std::complex<double>(y[k].re, y[k].im) - s) < 1e-3 * std::sqrt(7000.0));
  }
}

TEST_CASE("GPU any N: the plan says what it does", "[gpu]") {
  using course::testing::contains;
  CHECK_THAT(Plan<float>(1000, 4).describe(), contains("1 pass") && contains("10 * 10 * 10"));
  CHECK_THAT(Plan<float>(4096, 4).describe(), contains("power of two") && contains("09"));
  CHECK_THAT(Plan<float>(1009, 1).describe(), contains("Bluestein") && contains("M = 2048") && contains("compiled for this shape"));
  CHECK_THAT(Plan<double>(143, 1).describe(), contains("1 pass") && contains("11 * 13"));
  // 222 = 2 * 3 * 37: M = 448, the least 7-smooth M >= 443 (the power of two, 512, has no compiled shape).
  CHECK_THAT(Plan<double>(222, 1).describe(), contains("Bluestein") && contains("M = 448") && !contains("compiled"));
  CHECK_THAT(Plan<float>(1054, 1).describe(), contains("1 pass") && contains("17 * 31 * 2"));
  CHECK_THAT(Plan<double>(251, 1).describe(), contains("pair sums") && contains("1 pass"));
  // The same prime in a batch that fills the GPU: the model (gpu_route.hpp) puts Bluestein first.
  CHECK_THAT(Plan<float>(251, 1000).describe(), contains("Bluestein faster than pair sums at batch 1000") && contains("M = 504"));
  CHECK_THAT(Plan<float>(65537, 1, nullptr, 0, PassKernel::fused_chirp).describe(),
             contains("M = 262144 in 2 passes each") && contains("chirp fused") && contains("4 kernels"));
  CHECK_THAT(Plan<float>(65537, 1, nullptr, 0, PassKernel::separate_chirp).describe(), contains("09's FFT of M = 262144"));
  // The plan's own choice: fused up to two passes of M (on a GPU with blocks of 64 KiB or more).
  // At 48 KiB a block holds fewer points: 10^6 double takes three passes of 100, and M = 4096's
  // passes run in the generic kernel.
  CHECK_THAT(Plan<double>(1000000, 1).describe(), contains(shared_limit_bytes() >= 64 * 1024 ? "2 passes" : "3 passes"));
  CHECK_THAT(Plan<double>(2039, 1).describe(), contains("Bluestein") && contains("M = 4096"));
  if (shared_limit_bytes() >= 64 * 1024) {
    CHECK_THAT(Plan<double>(2039, 1).describe(), contains("compiled for this shape"));
    CHECK_THAT(Plan<double>(65537, 1).describe(), contains("chirp fused"));
    CHECK_THAT(Plan<double>(999983, 1).describe(), contains("09's FFT of M = 2097152"));
  }
}

TEST_CASE("GPU any N: double 10000 in one pass on clusters of two blocks, or two passes", "[gpu]") {
  using course::testing::contains;
  const bool clusters = cuda::query_device(0).major >= 9 && cluster_code_built() &&
                        shared_limit_bytes() >= static_cast<int>(DoubleCluster10000::shared_points * 16);
  const Plan<double> plan(10000, 3);
  INFO(plan.describe());
  CHECK((plan.describe().find("1 pass on clusters of") != std::string::npos) == clusters);
  CHECK_THAT(Plan<double>(10000, 3, nullptr, 0, PassKernel::two_passes).describe(), contains("2 passes"));
  conformance::Config cfg;
  cfg.sizes = {10000};
  cfg.batch = 5;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  require_conformance(conformance::check_conformance<double>(make_plan<double>(), cfg));
  require_conformance(conformance::check_conformance<double>(make_plan<double>(PassKernel::two_passes), cfg));
}

TEMPLATE_TEST_CASE("GPU any N: the single passes compiled for their shapes, and the generic kernel on them", "[gpu]", float, double) {
  conformance::Config cfg;
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  for (std::size_t n : fixed_pass_lengths()) {
    INFO("N = " << n << ", shared-memory limit " << shared_limit_bytes() << " bytes");
    const bool compiled = compiled_here<TestType>(n, 3);
    // With 128 KiB blocks (an A100's or H100's own limit) every shape is compiled but double
    // 10000's, which is two passes there.
    if (shared_limit_bytes() >= 128 * 1024) CHECK(compiled == (sizeof(TestType) == 4 || n != 10000));
    CHECK(says_compiled(Plan<TestType>(n, 3).describe()) == compiled);
    CHECK_FALSE(says_compiled(Plan<TestType>(n, 3, nullptr, 0, PassKernel::generic).describe()));
    cfg.sizes = {n};
    require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(), cfg));
    require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(PassKernel::generic), cfg));
  }
}

TEMPLATE_TEST_CASE("GPU any N: the compiled shapes at their matched points a thread", "[gpu]", float, double) {
  using course::testing::contains;
  conformance::Config cfg;
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  std::size_t ran = 0;
  for (std::size_t n : built_lengths<TestType, kMatchedPoints>()) {
    if (!compiled_here<TestType>(n, 3)) continue;
    INFO("N = " << n << ", shared-memory limit " << shared_limit_bytes() << " bytes");
    PassTables<TestType> tables;
    const auto a = make_passes<TestType>(n, 3, tables, 0, most_block_points<TestType>(shared_limit_bytes())).at(0);
    const FixedKernel<TestType> k = fixed_kernel_for<TestType>(a, direct_pass(a, false), kMatchedPoints);
    REQUIRE(k.kernel != nullptr);
    CHECK(k.points != kPointsPerThread);
    const std::string d = Plan<TestType>(n, 3, nullptr, 0, PassKernel::matched_points).describe();
    CHECK_THAT(d, contains("compiled for this shape at " + std::to_string(k.points) + " points a thread"));
    CHECK_THAT(d, contains("a block of " + std::to_string(launch_threads(a.c * a.l, k.points)) + " threads"));
    // Float's plan takes its matched points wherever built (double's: the next test case).
    if (sizeof(TestType) == 4) CHECK_THAT(Plan<TestType>(n, 3).describe(), contains("at " + std::to_string(k.points) + " points a thread"));
    cfg.sizes = {n};
    require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(PassKernel::matched_points), cfg));
    // Double's matched kernel with direct global I/O, as float's.
    if (sizeof(TestType) == 8) {
      REQUIRE(fixed_kernel_for<TestType>(a, true, kMatchedPoints).direct);
      CHECK_THAT(Plan<TestType>(n, 3, nullptr, 0, PassKernel::matched_direct).describe(),
                 contains("at " + std::to_string(k.points) + " points a thread, direct global I/O"));
      require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(PassKernel::matched_direct), cfg));
    }
    ++ran;
  }
  if (shared_limit_bytes() >= 128 * 1024) CHECK(ran == built_lengths<TestType, kMatchedPoints>().size());
}

TEST_CASE("GPU any N: double's compiled shapes at 8 and at 16 points a thread", "[gpu]") {
  using course::testing::contains;
  conformance::Config cfg;
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  const auto built = eight_point_lengths();  // the shapes whose 8-point kernel is built: all but 1920 and 2401
  std::size_t ran = 0;
  for (std::size_t n : fixed_pass_lengths()) {
    if (!compiled_here<double>(n, 3)) continue;
    INFO("N = " << n << ", shared-memory limit " << shared_limit_bytes() << " bytes");
    const std::string d = Plan<double>(n, 3, nullptr, 0, PassKernel::eight_points).describe();
    CHECK_THAT(d, contains("compiled for this shape"));
    const bool eight = std::find(built.begin(), built.end(), n) != built.end();
    CHECK((d.find("at 8 points a thread") != std::string::npos) == eight);
    // C L / 8 threads in whole warps where it runs at 8 (make_passes' C L / 16 otherwise).
    PassTables<double> tables;
    const auto a = make_passes<double>(n, 3, tables, 0, most_block_points<double>(shared_limit_bytes())).at(0);
    CHECK_THAT(d, contains("a block of " + std::to_string(eight ? launch_threads(a.c * a.l, 8) : a.threads) + " threads"));
    ran += eight;
    // The plan's own choice, as measured fastest on the H100 (kDoubleChoices), written out.
    const std::map<std::size_t, std::string> want = {{1000, " at 10 points a thread, direct global I/O"}, {1920, ""},
                                                     {2187, " at 9 points a thread, direct global I/O"},
                                                     {2401, " at 7 points a thread, direct global I/O"},
                                                     {3000, " at 10 points a thread, direct global I/O"},
                                                     {3125, " at 5 points a thread, direct global I/O"},
                                                     {6144, " at 8 points a thread"}};
    const std::string mine = Plan<double>(n, 3).describe();
    REQUIRE(want.count(n) == 1);
    CHECK(mine.size() >= want.at(n).size());
    CHECK(mine.substr(mine.size() - want.at(n).size()) == want.at(n));
    CHECK((mine.find("points a thread") != std::string::npos) == !want.at(n).empty());
    CHECK(Plan<double>(n, 3, nullptr, 0, PassKernel::sixteen_points).describe().find("points a thread") == std::string::npos);
    cfg.sizes = {n};
    for (PassKernel k : {PassKernel::eight_points, PassKernel::sixteen_points})
      require_conformance(conformance::check_conformance<double>(make_plan<double>(k), cfg));
  }
  // With 128 KiB blocks every built shape is a single pass here; at 64 and 99 KiB all but 6144.
  if (shared_limit_bytes() >= 128 * 1024) CHECK(ran == built.size());
  else if (shared_limit_bytes() >= 64 * 1024) CHECK(ran == built.size() - 1);
}

TEST_CASE("GPU any N sanitizer set: one, two, three passes, partial blocks, Bluestein, compiled shapes", "[sanitize]") {
  conformance::Config cfg;
  cfg.sizes = {6, 35, 1000, 1920, 2401, 3125, 5625, 5400, 9261, 6144, 8192 * 3, 781250, 37, 1009, 61, 2633, 143, 1001, 173056, 17, 1054, 475136};  // 6: through shared memory; 5625: a wide pass; 5400: three blocks an SM; 9261: stages of 21; 37, 61: pair sums (batch 3); 2633: Bluestein in one block on M = 5376; 143 ..: stages of primes 11 to 31
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<float>(make_plan<float>(), cfg));
  cfg.sizes = {15, 1000, 2187, 2835, 3000, 3125, 4860, 4536, 6144, 10000, 44100, 1009, 131, 143, 173056, 667, 984064, 251};  // 131, 251: pair sums (batch 3); 2835, 4860: three and two blocks an SM; 4536: stages to 28; 10000: on clusters of two blocks (sm_90)
  require_conformance(conformance::check_conformance<double>(make_plan<double>(), cfg));
  // Bluestein's chirp fused into the passes of M: one pass of 16384 (float 4099, with 128 KiB
  // blocks), two (10007).
  cfg.sizes = {4099, 10007};
  require_conformance(conformance::check_conformance<float>(make_plan<float>(PassKernel::fused_chirp), cfg));
  cfg.sizes = {10007};
  require_conformance(conformance::check_conformance<double>(make_plan<double>(PassKernel::fused_chirp), cfg));
  // The largest blocks (128 KiB, 1024 float threads): one pass of 10000 and of 7776.
  cfg.sizes = {10000};
  require_conformance(conformance::check_conformance<float>(make_plan<float>(PassKernel::best, 16384), cfg));
  cfg.sizes = {7776};
  require_conformance(conformance::check_conformance<double>(make_plan<double>(PassKernel::best, 8192), cfg));
  // Double's compiled shapes at the points a thread the plan does not choose: 1000, 2187 and 3125
  // at 8, 2187 and 6144 at 16 (the plan's kernels ran above: 6144 at 8 with its 768-thread block,
  // 1000, 2187, 3000 and 3125 matched and direct; through shared memory below).
  cfg.sizes = {1000, 2187, 3125};
  require_conformance(conformance::check_conformance<double>(make_plan<double>(PassKernel::eight_points), cfg));
  cfg.sizes = {2187, 6144};
  require_conformance(conformance::check_conformance<double>(make_plan<double>(PassKernel::sixteen_points), cfg));
  // Every shape at its matched points a thread (float 10000's 1024 threads among them).
  cfg.sizes = built_lengths<float, kMatchedPoints>();
  require_conformance(conformance::check_conformance<float>(make_plan<float>(PassKernel::matched_points), cfg));
  cfg.sizes = built_lengths<double, kMatchedPoints>();
  require_conformance(conformance::check_conformance<double>(make_plan<double>(PassKernel::matched_points), cfg));
  require_conformance(conformance::check_conformance<double>(make_plan<double>(PassKernel::matched_direct), cfg));
}
