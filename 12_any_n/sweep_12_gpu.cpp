// 12's GPU plan against cuFFT over a sweep of sizes (sweep_sizes.hpp), not a list: batched to
// 512 MiB a call and single transforms, float and double, both timed in the same process,
// interleaved. Float error against a double cuFFT reference, next to cuFFT float's own (single
// mode: the mean over up to 64 fresh inputs).
//   sweep_12_gpu --out sweep.json [--groups smooth,prime] [--precision float] [--mode batched]
//                [--shard 0/2] [--samples 5] [--most 65536]
// --groups power-of-two --mode single: the latency ladder 2^8 .. 2^24 (not in the default sweep).
// --graph: both sides built on a stream of their own, captured once and timed as replays of one
// CUDA graph each (graph_replay.hpp): one launch call a transform instead of one a pass.
// One record a (N, precision, mode); tools/sweep_summary.py prints the classes' minimum, 5th
// percentile, median and worst N, and merges shards.
#include <cufft.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "12_any_n/gpu_plan.hpp"
#include "12_any_n/graph_replay.hpp"
#include "12_any_n/sweep_sizes.hpp"
#include "common/bench_cuda.hpp"
#include "common/cufft_check.hpp"
#include "common/metrics.hpp"

using namespace course;
namespace sweep = course::anyn::sweep;

namespace {

struct Options {
  std::string out = "sweep_12_gpu.json";
  std::vector<std::string> groups, precisions = {"float", "double"}, modes = {"batched", "single"};
  std::vector<std::size_t> sizes;  // --sizes: one's own instead of the sweep's
  int shard = 0, shards = 1, samples = 5;
  std::size_t most = sweep::kLargest;
  bool graph = false;
};

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string x; std::getline(in, x, ',');) out.push_back(x);
  return out;
}

// --sizes N,N,...: each a whole number from 1 to the sweep's largest, refused by name otherwise.
std::vector<std::size_t> parse_sizes(const std::string& list) {
  std::vector<std::size_t> out;
  for (const auto& v : split(list)) {
    std::size_t used = 0, n = 0;
    try {
      n = std::stoull(v, &used);
    } catch (const std::exception&) {
    }
    if (v.empty() || used != v.size() || v[0] == '-' || n < 1 || n > sweep::kLargest)
      throw std::invalid_argument("--sizes: N = '" + v + "' is not a size from 1 to " + std::to_string(sweep::kLargest));
    out.push_back(n);
  }
  if (out.empty()) throw std::invalid_argument("--sizes needs at least one N from 1 to " + std::to_string(sweep::kLargest));
  return out;
}

bool wanted(const std::vector<std::string>& list, const std::string& x) {
  return list.empty() || std::find(list.begin(), list.end(), x) != list.end();
}

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (c == '\n') { o += "\\n"; continue; }
    o += c;
  }
  return o;
}

// Milliseconds a call of `run`, as the median of `samples` timings of a loop long enough (about
// 1 ms) that the event's resolution does not matter; `a` and `b` alternate, so a clock or thermal
// drift touches both alike.
template <class A, class B>
std::pair<double, double> time_pair(A&& a, B&& b, int samples, cudaStream_t stream = nullptr) {
  cudaEvent_t start, stop;
  COURSE_CUDA_CHECK(cudaEventCreate(&start));
  COURSE_CUDA_CHECK(cudaEventCreate(&stop));
  const auto timed = [&](auto& f, int reps) {
    COURSE_CUDA_CHECK(cudaEventRecord(start, stream));
    for (int i = 0; i < reps; ++i) f();
    COURSE_CUDA_CHECK(cudaEventRecord(stop, stream));
    COURSE_CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    COURSE_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return static_cast<double>(ms) / reps;
  };
  timed(a, 1);  // warm: first launches load modules
  timed(b, 1);
  const double one = std::max(timed(a, 1), 1e-3);
  const int reps = std::clamp(static_cast<int>(1.0 / one), 1, 200);
  std::vector<double> ta, tb;
  for (int s = 0; s < samples; ++s) {
    ta.push_back(timed(a, reps));
    tb.push_back(timed(b, reps));
  }
  std::sort(ta.begin(), ta.end());
  std::sort(tb.begin(), tb.end());
  COURSE_CUDA_CHECK(cudaEventDestroy(start));
  COURSE_CUDA_CHECK(cudaEventDestroy(stop));
  return {ta[ta.size() / 2], tb[tb.size() / 2]};
}

template <class T>
cufftType c2c() {
  return sizeof(T) == 4 ? CUFFT_C2C : CUFFT_Z2Z;
}

template <class T>
void cufft_forward(cufftHandle h, const Complex<T>* in, Complex<T>* out) {
  if constexpr (sizeof(T) == 4)
    COURSE_CUFFT_CHECK(cufftExecC2C(h, reinterpret_cast<cufftComplex*>(const_cast<Complex<T>*>(in)), reinterpret_cast<cufftComplex*>(out), CUFFT_FORWARD));
  else
    COURSE_CUFFT_CHECK(cufftExecZ2Z(h, reinterpret_cast<cufftDoubleComplex*>(const_cast<Complex<T>*>(in)), reinterpret_cast<cufftDoubleComplex*>(out),
                                    CUFFT_FORWARD));
}

cufftHandle cufft_plan(std::size_t n, std::size_t batch, cufftType type) {
  cufftHandle h;
  int len = static_cast<int>(n);
  COURSE_CUFFT_CHECK(cufftPlanMany(&h, 1, &len, nullptr, 1, len, nullptr, 1, len, type, static_cast<int>(batch)));
  return h;
}

// Float only: fresh inputs, each transformed by our plan and by cuFFT float and set against
// cuFFT double of the same (float) input. At small N one input decides little (12's NOTES.md:
// ours and FFTW float trade places from one input to the next), so the error is the mean of each
// transform's relative rms over up to kErrorInputs inputs, with how often ours is the larger.
constexpr std::size_t kErrorInputs = 64;
struct FloatErrors {
  double ours = 0, cufft = 0, ours_larger = 0;  // mean relative rms each; the share of inputs
  std::size_t inputs = 0;
};
FloatErrors float_errors(std::size_t n, const anyn::gpu::Plan<float>& ours) {
  FloatErrors e;
  e.inputs = std::clamp<std::size_t>((std::size_t{1} << 16) / n, 1, kErrorInputs);
  const std::size_t count = n * e.inputs;
  cuda::DeviceBuffer<Complex<float>> in(count), got(count);
  bench::fill_random<float>(in.data(), count, 20261129 + n);
  const auto x = in.to_host();
  std::vector<Complex<double>> xd(count);
  for (std::size_t i = 0; i < count; ++i) xd[i] = {x[i].re, x[i].im};
  cuda::DeviceBuffer<Complex<double>> din(count), dout(count);
  din.upload(xd);
  const cufftHandle hd = cufft_plan(n, e.inputs, CUFFT_Z2Z);
  cufft_forward<double>(hd, din.data(), dout.data());
  const auto ref = dout.to_host();
  cufftDestroy(hd);
  // Ours is the single-transform plan being timed: one execute an input.
  for (std::size_t i = 0; i < e.inputs; ++i) ours.execute(in.data() + i * n, got.data() + i * n, Direction::forward);
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());  // the plan may run on a stream of its own (--graph)
  const auto y_ours = got.to_host();
  const cufftHandle hf = cufft_plan(n, e.inputs, CUFFT_C2C);
  cufft_forward<float>(hf, in.data(), got.data());
  const auto y_cufft = got.to_host();
  cufftDestroy(hf);
  for (std::size_t i = 0; i < e.inputs; ++i) {
    const std::span<const Complex<double>> r(ref.data() + i * n, n);
    const double a = rel_l2_error<float, double>(std::span<const Complex<float>>(y_ours.data() + i * n, n), r);
    const double b = rel_l2_error<float, double>(std::span<const Complex<float>>(y_cufft.data() + i * n, n), r);
    e.ours += a;
    e.cufft += b;
    e.ours_larger += a > b;
  }
  e.ours /= static_cast<double>(e.inputs);
  e.cufft /= static_cast<double>(e.inputs);
  e.ours_larger /= static_cast<double>(e.inputs);
  return e;
}

template <class T>
std::string measure(const sweep::Size& s, const std::string& mode, int samples, bool graph, std::pair<Complex<T>*, Complex<T>*> buffers) {
  const std::size_t n = s.n;
  const std::size_t batch = mode == "single" ? 1 : std::max<std::size_t>(1, (std::size_t{512} << 20) / sizeof(Complex<T>) / n);
  auto [in, out] = buffers;
  bench::fill_random<T>(in, n * batch, n);
  std::ostringstream r;
  r << "{\"n\": " << n << ", \"group\": \"" << s.group << "\", \"class\": \"" << sweep::smoothness(n) << "\", \"precision\": \""
    << precision_name<T>() << "\", \"mode\": \"" << mode << "\", \"batch\": " << batch << ", \"graph\": " << (graph ? "true" : "false");
  try {
    // With --graph a stream of their own for both (the legacy default stream cannot be captured).
    std::unique_ptr<anyn::gpu::Stream> stream = graph ? std::make_unique<anyn::gpu::Stream>() : nullptr;
    const cudaStream_t st = stream ? stream->get() : nullptr;
    const auto t0 = std::chrono::steady_clock::now();
    anyn::gpu::Plan<T> ours(n, batch, st);
    const double plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    // Destroyed on every way out: a batched plan's work area can be hundreds of MiB.
    const std::unique_ptr<cufftHandle, void (*)(cufftHandle*)> h(new cufftHandle(cufft_plan(n, batch, c2c<T>())),
                                                                  [](cufftHandle* p) { cufftDestroy(*p); delete p; });
    COURSE_CUFFT_CHECK(cufftSetStream(*h, st));
    std::pair<double, double> times;
    if (graph) {
      const anyn::gpu::GraphReplay ours_graph(st, [&] { ours.execute(in, out, Direction::forward); });
      const anyn::gpu::GraphReplay cufft_graph(st, [&] { cufft_forward<T>(*h, in, out); });
      times = time_pair([&] { ours_graph.launch(st); }, [&] { cufft_graph.launch(st); }, samples, st);
    } else {
      times = time_pair([&] { ours.execute(in, out, Direction::forward); }, [&] { cufft_forward<T>(*h, in, out); }, samples, st);
    }
    const auto [t_ours, t_cufft] = times;
    r << ", \"ours_ms\": " << t_ours << ", \"cufft_ms\": " << t_cufft << ", \"ratio\": " << t_cufft / t_ours << ", \"plan_ms\": " << plan_ms;
    if constexpr (sizeof(T) == 4)
      if (mode == "single") {
        const FloatErrors e = float_errors(n, ours);
        r << ", \"err_ours\": " << e.ours << ", \"err_cufft\": " << e.cufft << ", \"err_inputs\": " << e.inputs
          << ", \"err_ours_larger\": " << e.ours_larger;
      }
    r << ", \"plan\": \"" << json_escape(ours.describe().substr(0, 400)) << "\"}";
  } catch (const std::exception& e) {
    r << ", \"error\": \"" << json_escape(e.what()) << "\"}";
  }
  return r.str();
}

void write(const Options& o, const std::vector<std::string>& records, int total) {
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, 0);
  std::ofstream f(o.out);
  f << "{\"context\": {\"gpu\": \"" << p.name << "\", \"cufft_version\": \"" << bench::cufft_version() << "\", \"shard\": \"" << o.shard << "/"
    << o.shards << "\", \"samples\": " << o.samples << ", \"seed\": " << sweep::kSeed << ", \"planned\": " << total
    << ", \"graph\": " << (o.graph ? "true" : "false") << "},\n\"records\": [\n";
  for (std::size_t i = 0; i < records.size(); ++i) f << records[i] << (i + 1 < records.size() ? ",\n" : "\n");
  f << "]}\n";
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return argv[++i];
    };
    if (a == "--out") o.out = value();
    else if (a == "--groups") o.groups = split(value());
    else if (a == "--sizes") o.sizes = parse_sizes(value());
    else if (a == "--precision") o.precisions = split(value());
    else if (a == "--mode") o.modes = split(value());
    else if (a == "--samples") o.samples = std::stoi(value());
    else if (a == "--most") o.most = std::stoull(value());
    else if (a == "--graph") {
      o.graph = true;
      if (o.out == "sweep_12_gpu.json") o.out = "sweep_12_gpu_graph.json";  // never over a plain run's file
    }
    else if (a == "--shard") {
      const auto v = value();
      o.shard = std::stoi(v.substr(0, v.find('/')));
      o.shards = std::stoi(v.substr(v.find('/') + 1));
      if (o.shards < 1 || o.shard < 0 || o.shard >= o.shards) throw std::invalid_argument("--shard i/k needs 0 <= i < k, got " + v);
    } else {
      std::printf("usage: sweep_12_gpu [--out F] [--groups smooth,smooth-large,prime,prime-large,factor-11-31,power-of-two] [--precision float,double]\n"
                  "                    [--sizes N,N,...] [--mode batched,single] [--shard i/k] [--samples 5] [--most N] [--graph]\n");
      return a == "--help" ? 0 : 2;
    }
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: sweep skipped\n");
    return 77;
  }
  std::vector<sweep::Size> sizes;
  int index = 0;
  // Sizes of one's own (to profile one, or to try N outside the sweep), else the sweep's groups.
  std::vector<sweep::Size> all;
  if (!o.sizes.empty()) {
    for (const std::size_t n : o.sizes) all.push_back({n, "given"});
    o.groups = {"given"};
  } else {
    all = sweep::sweep_sizes();
    if (wanted(o.groups, "power-of-two") && !o.groups.empty())
      for (const auto& s : sweep::power_of_two_sizes()) all.push_back(s);
  }
  for (const auto& s : all)
    if (wanted(o.groups, s.group) && s.n <= o.most && index++ % o.shards == o.shard) sizes.push_back(s);
  const int total = static_cast<int>(sizes.size() * o.precisions.size() * o.modes.size());
  // One pair of 512 MiB buffers for every size (a batched call moves 512 MiB in and out).
  cuda::DeviceBuffer<unsigned char> in(std::size_t{512} << 20), out(std::size_t{512} << 20);
  std::vector<std::string> records;
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& s : sizes)
    for (const auto& prec : o.precisions)
      for (const auto& mode : o.modes) {
        if (prec == "float")
          records.push_back(measure<float>(s, mode, o.samples, o.graph, {reinterpret_cast<Complex<float>*>(in.data()), reinterpret_cast<Complex<float>*>(out.data())}));
        else
          records.push_back(measure<double>(s, mode, o.samples, o.graph, {reinterpret_cast<Complex<double>*>(in.data()), reinterpret_cast<Complex<double>*>(out.data())}));
        if (records.size() % 100 == 0) {
          write(o, records, total);
          std::printf("%zu of %d (%.0f s)\n", records.size(), total, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
          std::fflush(stdout);
        }
      }
  write(o, records, total);
  std::printf("%zu records in %s (%.0f s)\n", records.size(), o.out.c_str(), std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  return 0;
}
