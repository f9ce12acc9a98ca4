#include "09_radixN/planner.hpp"

#include <sstream>

#include "09_radixN/dispatch.hpp"
#include "common/sizes.hpp"

namespace course::radixn {

namespace {
const std::string kChapter = "09_radixN";

std::string kib(int bytes) { return std::to_string(bytes / 1024) + (bytes % 1024 ? "." + std::to_string(bytes % 1024 * 10 / 1024) : "") + " KiB"; }

int log2_exact(std::size_t n) {
  int k = 0;
  while ((std::size_t{1} << k) < n) ++k;
  return k;
}
}  // namespace

TileShape fitting_tile(int bits, int logr, int elem_bytes, int limit_bytes) {
  for (int budget : {kLog2TileBudget, kLog2SmallTileBudget}) {
    const TileShape t = make_tile_shape(bits, logr, elem_bytes, kLog2ElementsPerThread, budget);
    // The same shape under both budgets is recorded as the large one: one kernel serves both.
    if (t.shared_bytes() <= limit_bytes)
      return budget == kLog2TileBudget || small_budget_differs(bits, logr, elem_bytes) ? t
                                                                                        : make_tile_shape(bits, logr, elem_bytes);
  }
  TileShape none = make_tile_shape(bits, logr, elem_bytes);
  none.log_budget = 0;
  return none;
}

TileShape spread_tile(const TileShape& t, std::uint64_t transforms, int passes, const PlanOptions& o, int device_sms) {
  const int bits = t.logm, elem_bytes = t.elem_bytes;
  const std::uint64_t blocks = (transforms + t.transforms_per_block() - 1) / t.transforms_per_block();
  if (!o.spread_blocks || t.log_budget != kLog2TileBudget || blocks >= static_cast<std::uint64_t>(device_sms) ||
      !tile_compiled(bits, o.max_log2_radix, elem_bytes, kLog2SmallTileBudget))
    return t;
  const TileShape small = make_tile_shape(bits, o.max_log2_radix, elem_bytes, kLog2ElementsPerThread, kLog2SmallTileBudget);
  return passes == 1 || (elem_bytes << small.logc) >= 32 ? small : t;
}

std::vector<int> split_passes(int logn, const PlanOptions& o, int elem_bytes) {
  const int limit = o.shared_limit_bytes > 0 ? o.shared_limit_bytes : kSharedLimitBytes;
  const auto fits = [&](int bits) { return fitting_tile(bits, o.max_log2_radix, elem_bytes, limit).log_budget != 0; };
  if (logn <= o.one_pass_max_log2 && fits(logn)) return {logn};
  // A smaller GPU: passes no larger than a tile that fits, and a small-budget tile only where its
  // block still reads and writes whole 32-byte sectors (C columns of elem_bytes each, C >= 4
  // float, 2 double: passes of 2^10; narrower passes ran at half speed, NOTES.md).
  const auto whole_sectors = [&](int bits) {
    const TileShape t = fitting_tile(bits, o.max_log2_radix, elem_bytes, limit);
    return t.log_budget == kLog2TileBudget || (elem_bytes << t.logc) >= 32;
  };
  int cap = o.pass_max_log2;
  while (cap > 1 && !(fits(cap) && whole_sectors(cap))) --cap;
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

namespace {
// What the limit changed, against the plan the same options give on an H100 (227 KiB, 132 SMs).
std::string limit_effect_of(const PlanShape& s, int elem_bytes) {
  if (s.shared_limit.bytes >= kSharedLimitBytes) return {};
  PlanOptions full = s.options;
  full.shared_limit_bytes = kSharedLimitBytes;
  const auto bits = split_passes(s.logn, full, elem_bytes);
  std::ostringstream e;
  if (bits.size() != s.passes.size()) e << s.passes.size() << " passes instead of " << bits.size();
  else
    for (std::size_t i = 0; i < bits.size(); ++i) {
      const auto h100 = spread_tile(fitting_tile(bits[i], full.max_log2_radix, elem_bytes, kSharedLimitBytes), s.passes[i].transforms,
                                    static_cast<int>(bits.size()), full, kH100Multiprocessors);
      const auto& t = s.passes[i].tile;
      if (h100.logm != t.logm || h100.logc != t.logc)
        e << (e.tellp() > 0 ? "; " : "") << "pass " << i + 1 << " holds " << t.transforms_per_block() << " FFTs of " << t.m()
          << " a block instead of " << h100.transforms_per_block() << " (" << kib(t.shared_bytes()) << " instead of "
          << kib(h100.shared_bytes()) << ")";
    }
  return e.str();
}
}  // namespace

PlanShape make_plan_shape(std::size_t n, std::size_t batch, int elem_bytes, const PlanOptions& o, int device_shared_bytes, int device_sms) {
  require_power_of_two(kChapter, n, kMaxLog2N,
                       "01_dft takes any N; above 2^27 no chapter of this course does (cuFFT does)");
  require_batch(kChapter, batch);
  if (o.max_log2_radix < 1 || o.max_log2_radix > 4)
    refuse_size(kChapter, n, "max_log2_radix must be 1..4 (radix 2..16), got " + std::to_string(o.max_log2_radix), "");
  if (o.shared_limit_bytes != 0 && (o.shared_limit_bytes < kMinSharedLimitBytes || o.shared_limit_bytes > kSharedLimitBytes))
    refuse_size(kChapter, n, "shared_limit_bytes = " + std::to_string(o.shared_limit_bytes) + " is outside " +
                                 std::to_string(kMinSharedLimitBytes) + ".." + std::to_string(kSharedLimitBytes) +
                                 " (48 KiB, what every GPU gives a block, to 227 KiB, the most an H100 block opts in to; no kernel is built for larger tiles)", "");
  if (o.one_pass_max_log2 < 0 || o.one_pass_max_log2 > kMaxTileLog2 || o.pass_max_log2 < 1 || o.pass_max_log2 > kMaxTileLog2)
    refuse_size(kChapter, n, "one_pass_max_log2 must be 0.." + std::to_string(kMaxTileLog2) + " and pass_max_log2 1.." +
                                 std::to_string(kMaxTileLog2) + " (kernels exist for 2^0..2^" + std::to_string(kMaxTileLog2) + ")", "");

  PlanShape s;
  s.n = n;
  s.batch = batch;
  s.logn = log2_exact(n);
  s.elem_bytes = elem_bytes;
  s.shared_limit = resolve_shared_limit(kChapter, o.shared_limit_bytes, device_shared_bytes, kSharedLimitBytes);
  s.options = o;
  s.options.shared_limit_bytes = s.shared_limit.bytes;
  int log_l = 0;
  const std::vector<int> split = split_passes(s.logn, s.options, elem_bytes);
  for (int bits : split) {
    PassShape p;
    p.log_l = log_l;
    p.transforms = static_cast<std::uint64_t>(batch) << (s.logn - bits);
    const TileShape fitting = fitting_tile(bits, o.max_log2_radix, elem_bytes, s.shared_limit.bytes);
    p.tile = spread_tile(fitting, p.transforms, static_cast<int>(split.size()), s.options, device_sms);
    p.spread = p.tile.log_budget != fitting.log_budget;
    const std::uint64_t c = std::uint64_t{1} << p.tile.logc;
    p.blocks = (p.transforms + c - 1) / c;
    if (p.tile.log_budget == 0)
      refuse_size(kChapter, n, "a pass of 2^" + std::to_string(bits) + " points needs " + std::to_string(p.tile.shared_bytes()) +
                                   " bytes of shared memory, over the limit of " + std::to_string(s.shared_limit.bytes),
                  "lower one_pass_max_log2 / pass_max_log2");
    if (p.blocks > 0x7fffffffull)
      refuse_size(kChapter, n, "batch " + std::to_string(batch) + " needs " + std::to_string(p.blocks) +
                                   " blocks, over the grid limit of 2^31 - 1", "split the batch");
    s.passes.push_back(p);
    log_l += bits;
  }
  s.limit_effect = limit_effect_of(s, elem_bytes);
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
      << t.shared_bytes() << " B shared (row stride " << t.row_stride << "), " << p.blocks << " blocks"
      << (p.spread ? " (half the FFTs per block of the 64 KiB tile, which left SMs idle)" : "") << "\n";
  }
  s << "  stage twiddles: " << (options.computed_twiddles ? "sincospi per element" : "table w(j, M) in global memory");
  s << "\n  shared memory: " << kib(shared_limit.bytes) << " per block at most (from " << shared_limit.source << "); "
    << (limit_effect.empty() ? std::string("the same plan as on an H100") : "against an H100's 227 KiB: " + limit_effect);
  return s.str();
}

}  // namespace course::radixn
