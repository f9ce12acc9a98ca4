// The chapter's benchmark, an MPI program (mpirun -n P, one GPU per rank). For each size it
// times, side by side in one run:
//   13_multi_gpu/v1_plain, v2_overlap   this chapter's plan, and v1's steps one by one
//   13_multi_gpu/v2_overlap/row_groups_1   v2 with step 1 in one piece (--row-groups 2,1: the
//                                        first count is the plan's, the others are timed beside it)
//   nccl/all_to_all                     the exchange of the same bytes alone: the roofline
//   cufftxt/multi_gpu                   cuFFT's own multi-GPU transform on the same P GPUs
//                                        (one process drives all of them, as cufftXt requires)
//   cufft/single_gpu, 11_clusters/fastest   one GPU, where the size fits it
// Every time is the median of --reps runs, timed from the host between two barriers (every
// GPU finished), as a user sees it. Rank 0 writes Google Benchmark-style JSON.
//
//   mpirun -n 4 bench_13_multi_gpu --log2 28,30 --precision float --reps 9 --out file.json
//   mpirun -n 4 bench_13_multi_gpu --profile --log2 28      (a few runs for Nsight Systems)
#include <cuda_runtime_api.h>
#include <cufft.h>
#include <cufftXt.h>
#include <mpi.h>
#include <nccl.h>
#include <nvtx3/nvToolsExt.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "11_clusters/fastest_plan.hpp"
#include "13_multi_gpu/multi_gpu_plan.hpp"

namespace {

using namespace course;
using namespace course::multigpu;

struct Args {
  std::vector<int> log2 = {24, 26, 28};
  std::vector<std::string> precisions = {"float"};
  int reps = 9;
  std::string out = "bench_13_multi_gpu.json";
  bool profile = false;
  std::vector<int> log2_n1 = {0};  // 0: the plan's own split
  int chunks = 4;
  std::vector<int> row_groups = {2, 1};  // overlap: the first is the plan's, the others are timed beside it
};

std::vector<int> parse_ints(const std::string& s) {
  std::vector<int> v;
  std::stringstream ss(s);
  for (std::string t; std::getline(ss, t, ',');) v.push_back(std::stoi(t));
  return v;
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument("bench_13_multi_gpu: " + k + " needs a value");
      return argv[++i];
    };
    if (k == "--log2") a.log2 = parse_ints(next());
    else if (k == "--precision") {
      a.precisions.clear();
      std::stringstream ss(next());
      for (std::string t; std::getline(ss, t, ',');) a.precisions.push_back(t);
    } else if (k == "--reps") a.reps = std::stoi(next());
    else if (k == "--out") a.out = next();
    else if (k == "--profile") a.profile = true;
    else if (k == "--log2-n1") a.log2_n1 = parse_ints(next());
    else if (k == "--chunks") a.chunks = std::stoi(next());
    else if (k == "--row-groups") a.row_groups = parse_ints(next());
    else throw std::invalid_argument("bench_13_multi_gpu: unknown argument " + k);
  }
  return a;
}

struct Row {
  std::string name;
  double median_ms, min_ms, max_ms;
  double bytes;  // bytes one ideal pass reads and writes, or the exchange moves (0: none)
};
std::vector<Row> rows;

// The median of reps runs of f, each between two barriers, on every rank; rank 0 records it.
void time_it(const std::string& name, int reps, double bytes, const std::function<void()>& f) {
  for (int w = 0; w < 2; ++w) f();  // warm up: first-touch, NCCL connections
  std::vector<double> ms;
  for (int r = 0; r < reps; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    f();
    MPI_Barrier(MPI_COMM_WORLD);
    ms.push_back((MPI_Wtime() - t0) * 1e3);
  }
  std::sort(ms.begin(), ms.end());
  rows.push_back({name, ms[ms.size() / 2], ms.front(), ms.back(), bytes});
}

template <class T>
std::string tag(std::size_t n, int gpus) {
  return std::string(precision_name<T>()) + "/N:" + std::to_string(n) + "/gpus:" + std::to_string(gpus);
}

// The plain variant once, then the overlapped one for every row-group count asked for.
std::vector<std::pair<Variant, int>> variants(const Args& a) {
  std::vector<std::pair<Variant, int>> v{{Variant::plain, 1}};
  for (int g : a.row_groups) v.emplace_back(Variant::overlap, g);
  return v;
}

template <class T>
void bench_chapter(const Communicator& comm, std::size_t n, const Args& a) {
  const int p = comm.ranks();
  for (int log2_n1 : a.log2_n1)
  for (auto [v, groups] : variants(a)) {
    Plan<T> plan(comm, n, {v, a.chunks, log2_n1, groups});
    // Row groups other than the first listed are named by their count (no colon: the tables
    // read name:value fields as sizes).
    const std::string split = (log2_n1 > 0 ? "/n1:" + std::to_string(plan.split().n1) : "") +
                              (v == Variant::overlap && groups != a.row_groups.front() ? "/row_groups_" + std::to_string(plan.split().row_groups) : "");
    if (comm.rank() == 0) std::printf("%s\n", plan.describe().c_str());
    cuda::DeviceBuffer<Complex<T>> x(plan.local_size()), y(plan.local_size());
    COURSE_CUDA_CHECK(cudaMemset(x.data(), 0x3c, x.bytes()));
    auto run = [&] {
      plan.execute(x.data(), y.data(), Direction::forward);
      COURSE_CUDA_CHECK(cudaStreamSynchronize(plan.stream()));
    };
    if (a.profile) {
      for (int i = 0; i < 3; ++i) {
        nvtxRangePushA((std::string(to_string(v)) + split + " forward").c_str());
        run();
        nvtxRangePop();
      }
      continue;
    }
    time_it(std::string("13_multi_gpu/") + to_string(v) + split + "/" + tag<T>(n, p), a.reps, 2.0 * static_cast<double>(n * sizeof(Complex<T>)), run);
    // The exchange alone, the same messages as the plan's: NCCL's bandwidth for these bytes.
    if (v == Variant::plain && log2_n1 == a.log2_n1.front()) {
      const Split s = plan.split();
      auto& send = x;
      auto& recv = y;
      auto exchange = [&] {
        check_nccl(ncclGroupStart(), "ncclGroupStart");
        for (int peer = 0; peer < p; ++peer) {
          const Message out = message(s, comm.rank(), peer, 0), in = message(s, peer, comm.rank(), 0);
          const auto reals = static_cast<std::size_t>(2 * out.count);
          const ncclDataType_t type = std::is_same_v<T, float> ? ncclFloat : ncclDouble;
          check_nccl(ncclSend(send.data() + out.send_offset, reals, type, peer, comm.nccl(), plan.stream()), "ncclSend");
          check_nccl(ncclRecv(recv.data() + in.recv_offset, reals, type, peer, comm.nccl(), plan.stream()), "ncclRecv");
        }
        check_nccl(ncclGroupEnd(), "ncclGroupEnd");
        COURSE_CUDA_CHECK(cudaStreamSynchronize(plan.stream()));
      };
      // Bytes that cross between GPUs: (P-1)/P of every GPU's block.
      const double crossing = static_cast<double>(n * sizeof(Complex<T>)) * (p - 1) / p;
      time_it("nccl/all_to_all/" + tag<T>(n, p), a.reps, crossing, exchange);
    }
  }
}

// cuFFT's multi-GPU transform, driven by rank 0 alone over all P GPUs (cufftXt needs one
// process). The other ranks wait at the barriers so that nothing else runs on the GPUs.
template <class T>
void bench_cufftxt(const Communicator& comm, std::size_t n, const Args& a) {
  const int p = comm.ranks();
  if (p < 2) return;  // cufftXt's multi-GPU 1D transform takes 2 or more GPUs
  constexpr bool is_float = std::is_same_v<T, float>;
  cufftHandle plan = 0;
  cudaLibXtDesc* data = nullptr;
  std::string failed;
  if (comm.rank() == 0) {
    std::vector<int> gpus(static_cast<std::size_t>(p));
    for (int g = 0; g < p; ++g) gpus[static_cast<std::size_t>(g)] = g;
    std::vector<std::size_t> work(static_cast<std::size_t>(p));
    auto ok = [&](cufftResult r, const char* what) {
      if (r != CUFFT_SUCCESS && failed.empty()) failed = std::string(what) + " failed (cufftResult " + std::to_string(r) + ")";
      return failed.empty();
    };
    ok(cufftCreate(&plan), "cufftCreate") && ok(cufftXtSetGPUs(plan, p, gpus.data()), "cufftXtSetGPUs") &&
        ok(n <= (std::size_t{1} << 30) ? cufftMakePlan1d(plan, static_cast<int>(n), is_float ? CUFFT_C2C : CUFFT_Z2Z, 1, work.data())
                                       : CUFFT_INVALID_SIZE,
           "cufftMakePlan1d (N up to 2^30 here)") &&
        ok(cufftXtMalloc(plan, &data, CUFFT_XT_FORMAT_INPLACE), "cufftXtMalloc");
    if (failed.empty())
      for (int g = 0; g < p; ++g) {
        COURSE_CUDA_CHECK(cudaSetDevice(data->descriptor->GPUs[g]));
        COURSE_CUDA_CHECK(cudaMemset(data->descriptor->data[g], 0x3c, data->descriptor->size[g]));
      }
    COURSE_CUDA_CHECK(cudaSetDevice(comm.device()));
  }
  auto run = [&] {
    if (comm.rank() != 0 || !failed.empty()) return;
    // After a 1D multi-GPU execution the descriptor says "shuffled"; each timed run starts
    // from the natural-order format, as a user's next transform would.
    data->subFormat = CUFFT_XT_FORMAT_INPLACE;
    const cufftResult r = is_float ? cufftXtExecDescriptorC2C(plan, data, data, CUFFT_FORWARD)
                                   : cufftXtExecDescriptorZ2Z(plan, data, data, CUFFT_FORWARD);
    if (r != CUFFT_SUCCESS && failed.empty()) failed = "cufftXtExecDescriptor failed (cufftResult " + std::to_string(r) + ")";
    for (int g = 0; g < p; ++g) {
      COURSE_CUDA_CHECK(cudaSetDevice(g));
      COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    }
    COURSE_CUDA_CHECK(cudaSetDevice(comm.device()));
  };
  if (!a.profile) time_it("cufftxt/multi_gpu/" + tag<T>(n, p), a.reps, 2.0 * static_cast<double>(n * sizeof(Complex<T>)), run);
  if (comm.rank() == 0) {
    if (!failed.empty()) {
      std::printf("cufftXt at N = %zu on %d GPUs: %s (row dropped)\n", n, p, failed.c_str());
      if (!rows.empty() && rows.back().name.rfind("cufftxt/", 0) == 0) rows.pop_back();
    }
    if (data) cufftXtFree(data);
    if (plan) cufftDestroy(plan);
  }
}

// One GPU: cuFFT's single-GPU plan and the course's own (11's fastest, up to 09's 2^27).
template <class T>
void bench_single(const Communicator& comm, std::size_t n, const Args& a) {
  if (comm.ranks() != 1 || a.profile) return;
  constexpr bool is_float = std::is_same_v<T, float>;
  std::size_t free_bytes = 0, total = 0;
  COURSE_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  if (4 * n * sizeof(Complex<T>) > free_bytes) return;
  cuda::DeviceBuffer<Complex<T>> x(n), y(n);
  COURSE_CUDA_CHECK(cudaMemset(x.data(), 0x3c, x.bytes()));
  const double bytes = 2.0 * static_cast<double>(n * sizeof(Complex<T>));
  cufftHandle plan;
  if (cufftPlan1d(&plan, static_cast<int>(n), is_float ? CUFFT_C2C : CUFFT_Z2Z, 1) == CUFFT_SUCCESS) {
    time_it("cufft/single_gpu/" + tag<T>(n, 1), a.reps, bytes, [&] {
      if constexpr (is_float) cufftExecC2C(plan, reinterpret_cast<cufftComplex*>(x.data()), reinterpret_cast<cufftComplex*>(y.data()), CUFFT_FORWARD);
      else cufftExecZ2Z(plan, reinterpret_cast<cufftDoubleComplex*>(x.data()), reinterpret_cast<cufftDoubleComplex*>(y.data()), CUFFT_FORWARD);
      COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    });
    cufftDestroy(plan);
  }
  try {
    clusters::FastestPlan<T> fastest(n, 1);
    time_it("11_clusters/fastest/" + tag<T>(n, 1), a.reps, bytes, [&] {
      fastest.execute(x.data(), y.data(), Direction::forward);
      COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    });
  } catch (const size_error& e) {
    std::printf("11_clusters/fastest at N = %zu: %s\n", n, e.what());
  }
}

template <class T>
void bench_size(const Communicator& comm, std::size_t n, const Args& a) {
  try {
    bench_chapter<T>(comm, n, a);
  } catch (const size_error& e) {
    if (comm.rank() == 0) std::printf("skipped: %s\n", e.what());
    return;
  }
  bench_cufftxt<T>(comm, n, a);
  bench_single<T>(comm, n, a);
}

std::string now_utc() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S+00:00", std::gmtime(&t));
  return buf;
}

void write_json(const std::string& path, int p, int reps) {
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  int driver = 0, runtime = 0, cufft = 0, nccl = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  cufftGetVersion(&cufft);
  ncclGetVersion(&nccl);
  std::ofstream f(path);
  f << "{\n  \"context\": {\"gpu\": \"" << prop.name << "\", \"gpus\": " << p << ", \"cuda_driver\": " << driver
    << ", \"cuda_runtime\": " << runtime << ", \"cufft_version\": " << cufft << ", \"nccl_version\": " << nccl
    << ", \"date\": \"" << now_utc() << "\", \"timing\": \"host wall time between MPI barriers, median\"},\n  \"benchmarks\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    f << "    {\"name\": \"" << r.name << "\", \"run_name\": \"" << r.name << "\", \"aggregate_name\": \"median\", \"real_time\": "
      << r.median_ms << ", \"min_ms\": " << r.min_ms << ", \"max_ms\": " << r.max_ms << ", \"repetitions\": " << reps << ", \"time_unit\": \"ms\", \"GBps\": "
      << (r.bytes > 0 ? r.bytes / (r.median_ms * 1e6) : 0.0) << ", \"bytes\": " << r.bytes << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  f << "  ]\n}\n";
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int code = 0;
  try {
    const Args a = parse(argc, argv);
    Communicator comm(MPI_COMM_WORLD);
    for (const std::string& prec : a.precisions)
      for (int k : a.log2) {
        const std::size_t n = std::size_t{1} << k;
        if (prec == "float") bench_size<float>(comm, n, a);
        else if (prec == "double") bench_size<double>(comm, n, a);
        else throw std::invalid_argument("bench_13_multi_gpu: precision " + prec + " (float or double)");
        if (comm.rank() == 0)
          for (const Row& r : rows)
            if (r.name.find("/N:" + std::to_string(n) + "/") != std::string::npos && r.name.find(prec) != std::string::npos)
              std::printf("  %-58s %9.3f ms\n", r.name.c_str(), r.median_ms);
      }
    if (comm.rank() == 0 && !a.profile) write_json(a.out, comm.ranks(), a.reps);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_13_multi_gpu: %s\n", e.what());
    code = 1;
  }
  MPI_Finalize();
  return code;
}
