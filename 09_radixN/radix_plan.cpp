#include "09_radixN/radix_plan.hpp"

#include "09_radixN/pass_args.hpp"
#include "09_radixN/pass_launch.hpp"
#include "common/sizes.hpp"
#include "common/twiddle.hpp"

namespace course::radixn {

namespace {

template <class T>
void prepare(const TileShape& t) {
  switch (t.logr) {
    case 1: return prepare_pass<T, 1>(t.logm, t.log_budget);
    case 2: return prepare_pass<T, 2>(t.logm, t.log_budget);
    case 3: return prepare_pass<T, 3>(t.logm, t.log_budget);
    default: return prepare_pass<T, 4>(t.logm, t.log_budget);
  }
}

template <class T>
void launch(const TileShape& t, const TilePassArgs<T>& a, std::uint64_t blocks, cudaStream_t s) {
  switch (t.logr) {
    case 1: return launch_pass<T, 1>(t.logm, t.log_budget, a, blocks, s);
    case 2: return launch_pass<T, 2>(t.logm, t.log_budget, a, blocks, s);
    case 3: return launch_pass<T, 3>(t.logm, t.log_budget, a, blocks, s);
    default: return launch_pass<T, 4>(t.logm, t.log_budget, a, blocks, s);
  }
}

// The plan's shape for the device it runs on: refused first on a GPU older than the course
// supports, then fitted to the shared memory its blocks may opt in to and to its SM count.
PlanShape device_plan_shape(std::size_t n, std::size_t batch, int elem_bytes, const PlanOptions& options) {
  cuda::require_supported_gpu("09_radixN");
  return make_plan_shape(n, batch, elem_bytes, options, cuda::device_shared_limit_bytes(), cuda::device_multiprocessors());
}

std::string gib(std::size_t bytes) { return std::to_string(bytes / double(1ull << 30)).substr(0, 5) + " GiB"; }

}  // namespace

template <class T>
Plan<T>::Plan(std::size_t n, std::size_t batch, cudaStream_t stream, const PlanOptions& options)
    : shape_(device_plan_shape(n, batch, static_cast<int>(sizeof(Complex<T>)), options)), stream_(stream) {
  // Memory: the data itself must fit on the device, and a multi-pass plan needs a scratch
  // buffer as large as the data. Refused here, before any allocation or launch.
  std::size_t free_bytes = 0, total_bytes = 0;
  COURSE_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const double data_bytes = double(n) * double(batch) * sizeof(Complex<T>);
  if (data_bytes > double(total_bytes))
    refuse_size("09_radixN", n, "batch " + std::to_string(batch) + " of it is " + gib(std::size_t(data_bytes)) +
                                    ", more than the device's " + gib(total_bytes) + " of memory",
                "split the batch");
  if (shape_.pass_count() > 1 && data_bytes > double(free_bytes))
    refuse_size("09_radixN", n, "batch " + std::to_string(batch) + " needs a " + gib(std::size_t(data_bytes)) +
                                    " scratch buffer, more than the " + gib(free_bytes) + " free on the device",
                "split the batch");
  // Layouts whose blocks the kernels' 32-bit offsets cannot span are refused here too.
  make_pass_args<T>(shape_, nullptr, nullptr, nullptr, {}, Direction::forward);
  if (shape_.pass_count() > 1) scratch_ = cuda::DeviceBuffer<Complex<T>>(n * batch);
  for (const auto& p : shape_.passes) {
    if (!options.computed_twiddles) {
      const std::size_t m = std::size_t{1} << p.tile.logm;
      stage_tables_.emplace_back(m);
      stage_tables_.back().upload(twiddle_table<T>(m, m));
    }
    prepare<T>(p.tile);
  }
}

template <class T>
void Plan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  std::vector<const Complex<T>*> tables;
  for (const auto& t : stage_tables_) tables.push_back(t.data());
  const auto args = make_pass_args<T>(shape_, in, out, scratch_.data(), tables, dir);
  for (std::size_t p = 0; p < args.size(); ++p)
    launch<T>(shape_.passes[p].tile, args[p], shape_.passes[p].blocks, stream_);
}

template class Plan<float>;
template class Plan<double>;

}  // namespace course::radixn
