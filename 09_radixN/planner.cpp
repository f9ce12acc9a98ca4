#include "09_radixN/planner.hpp"

#include <sstream>

#include "09_radixN/dispatch.hpp"
#include "common/sizes.hpp"

namespace course::radixn {

namespace {
const std::string kChapter = "09_radixN";

int log2_exact(std::size_t n) {
  int k = 0;
  while ((std::size_t{1} << k) < n) ++k;
  return k;
}
}  // namespace

std::vector<int> split_passes(int logn, const PlanOptions& o, int elem_bytes) {
  const auto fits = [&](int bits) { return make_tile_shape(bits, o.max_log2_radix, elem_bytes).shared_bytes() <= o.shared_limit_bytes; };
  if (logn <= o.one_pass_max_log2 && fits(logn)) return {logn};
  const int cap = o.pass_max_log2;
  const int passes = (logn + cap - 1) / cap;  // fewest passes that fit
  // The first pass may take one bit more when that saves a pass (see planner.hpp).
  if (passes > 1 && logn == (passes - 1) * cap + 1 && cap < kMaxTileLog2 && fits(cap + 1)) {
    std::vector<int> bits(passes - 1, cap);
    bits[0] = cap + 1;
    return bits;
  }
  std::vector<int> bits(passes);
  for (int p = 0; p < passes; ++p) bits[p] = logn / passes + (p < logn % passes ? 1 : 0);
  return bits;
}

PlanShape make_plan_shape(std::size_t n, std::size_t batch, int elem_bytes, const PlanOptions& o) {
  require_power_of_two(kChapter, n, kMaxLog2N,
                       "01_dft takes any N; above 2^27 no chapter of this course does (cuFFT does)");
  require_batch(kChapter, batch);
  if (o.max_log2_radix < 1 || o.max_log2_radix > 4)
    refuse_size(kChapter, n, "max_log2_radix must be 1..4 (radix 2..16), got " + std::to_string(o.max_log2_radix), "");
  if (o.shared_limit_bytes < 1 || o.shared_limit_bytes > kSharedLimitBytes)
    refuse_size(kChapter, n, "shared_limit_bytes = " + std::to_string(o.shared_limit_bytes) + " is outside 1.." +
                                 std::to_string(kSharedLimitBytes) + " (227 KiB, the most an H100 block opts in to; no kernel is built for larger tiles)", "");
  if (o.one_pass_max_log2 < 0 || o.one_pass_max_log2 > kMaxTileLog2 || o.pass_max_log2 < 1 || o.pass_max_log2 > kMaxTileLog2)
    refuse_size(kChapter, n, "one_pass_max_log2 must be 0.." + std::to_string(kMaxTileLog2) + " and pass_max_log2 1.." +
                                 std::to_string(kMaxTileLog2) + " (kernels exist for 2^0..2^" + std::to_string(kMaxTileLog2) + ")", "");

  PlanShape s;
  s.n = n;
  s.batch = batch;
  s.logn = log2_exact(n);
  s.elem_bytes = elem_bytes;
  s.options = o;
  int log_l = 0;
  for (int bits : split_passes(s.logn, o, elem_bytes)) {
    PassShape p;
    p.tile = make_tile_shape(bits, o.max_log2_radix, elem_bytes);
    p.log_l = log_l;
    p.transforms = static_cast<std::uint64_t>(batch) << (s.logn - bits);
    const std::uint64_t c = std::uint64_t{1} << p.tile.logc;
    p.blocks = (p.transforms + c - 1) / c;
    if (p.tile.shared_bytes() > o.shared_limit_bytes)
      refuse_size(kChapter, n, "a pass of 2^" + std::to_string(bits) + " points needs " + std::to_string(p.tile.shared_bytes()) +
                                   " bytes of shared memory, over the limit of " + std::to_string(o.shared_limit_bytes),
                  "lower one_pass_max_log2 / pass_max_log2");
    if (p.blocks > 0x7fffffffull)
      refuse_size(kChapter, n, "batch " + std::to_string(batch) + " needs " + std::to_string(p.blocks) +
                                   " blocks, over the grid limit of 2^31 - 1", "split the batch");
    s.passes.push_back(p);
    log_l += bits;
  }
  return s;
}

std::vector<int> PlanShape::radices() const {
  std::vector<int> r;
  for (const auto& p : passes)
    for (int i = 0; i < p.tile.stages; ++i) r.push_back(p.tile.radix(i));
  return r;
}

std::string PlanShape::describe() const {
  std::ostringstream s;
  s << "09_radixN plan: " << (elem_bytes == 8 ? "float" : "double") << " N = " << n << " = 2^" << logn
    << ", batch " << batch << ", " << passes.size() << (passes.size() == 1 ? " pass" : " passes")
    << " over global memory (" << passes.size() * 2 * n * batch * elem_bytes / 1e6 << " MB moved)\n";
  for (std::size_t i = 0; i < passes.size(); ++i) {
    const auto& p = passes[i];
    const auto& t = p.tile;
    s << "  pass " << i + 1 << ": " << p.transforms << " FFTs of " << t.m() << " = ";
    for (int k = 0; k < t.stages; ++k) s << (k ? "*" : "") << t.radix(k);
    if (t.stages == 0) s << "1 (copy)";
    s << ", read at stride " << (n >> t.logm) << ", write at stride " << (1ull << p.log_l);
    if (p.log_l) s << ", twiddles w(r k, " << (t.m() << p.log_l) << ") on load";
    s << "\n          " << t.transforms_per_block() << " FFTs per block x " << t.threads_per_transform()
      << " threads = " << t.threads() << " threads, " << t.elements_per_thread() << " elements per thread, "
      << t.shared_bytes() << " B shared (row stride " << t.row_stride << "), " << p.blocks << " blocks\n";
  }
  s << "  stage twiddles: " << (options.computed_twiddles ? "sincospi per element" : "table w(j, M) in global memory");
  return s.str();
}

}  // namespace course::radixn
