#include "common/reference.hpp"

#include <fftw3.h>

#include <cstring>
#include <mutex>
#include <stdexcept>

#include "common/twiddle.hpp"

namespace course {

// fftw_complex is double[2]: the same bytes as Complex<double>, whose alignment is stricter.
static_assert(sizeof(fftw_complex) == sizeof(Complex<double>));
static_assert(sizeof(fftwf_complex) == sizeof(Complex<float>));
static_assert(sizeof(fftwl_complex) == sizeof(Complex<long double>));
static_assert(alignof(Complex<double>) >= alignof(fftw_complex));

namespace {

// One traits struct per precision maps the course's calls onto FFTW's prefixed API.
template <class T> struct Fftw;
#define COURSE_FFTW_TRAITS(T, P)                                                                          \
  template <> struct Fftw<T> {                                                                            \
    using cplx = P##_complex;                                                                             \
    using plan = P##_plan;                                                                                \
    static void* alloc(std::size_t n) { return P##_malloc(n * sizeof(cplx)); }                           \
    static void release(void* p) { P##_free(p); }                                                         \
    static plan make(int n, int howmany, void* in, void* out, int sign, unsigned flags) {                \
      return P##_plan_many_dft(1, &n, howmany, static_cast<cplx*>(in), nullptr, 1, n,                     \
                               static_cast<cplx*>(out), nullptr, 1, n, sign, flags);                      \
    }                                                                                                     \
    static void run(plan p) { P##_execute(p); }                                                           \
    static void destroy(plan p) { P##_destroy_plan(p); }                                                  \
    static void threads(int t) { set_threads_##P(t); }                                                    \
  };

#ifdef COURSE_FFTW_THREADS
void set_threads_fftw(int t) { static std::once_flag once; std::call_once(once, [] { fftw_init_threads(); }); fftw_plan_with_nthreads(t); }
void set_threads_fftwf(int t) { static std::once_flag once; std::call_once(once, [] { fftwf_init_threads(); }); fftwf_plan_with_nthreads(t); }
void set_threads_fftwl(int t) { static std::once_flag once; std::call_once(once, [] { fftwl_init_threads(); }); fftwl_plan_with_nthreads(t); }
#else
void refuse_threads(int t) {
  if (t != 1) throw std::runtime_error("FFTW threads library not found at configure time: threads = " + std::to_string(t) + " unavailable (limit 1)");
}
void set_threads_fftw(int t) { refuse_threads(t); }
void set_threads_fftwf(int t) { refuse_threads(t); }
void set_threads_fftwl(int t) { refuse_threads(t); }
#endif

COURSE_FFTW_TRAITS(float, fftwf)
COURSE_FFTW_TRAITS(double, fftw)
COURSE_FFTW_TRAITS(long double, fftwl)
#undef COURSE_FFTW_TRAITS

// FFTW's planner is not thread-safe; the course plans from one thread at a time.
std::mutex& planner_mutex() { static std::mutex m; return m; }

}  // namespace

template <class T>
FftwPlan<T>::FftwPlan(std::size_t n, std::size_t batch, Direction dir, PlanEffort effort, int threads)
    : n_(n), batch_(batch) {
  if (n == 0 || batch == 0) throw std::invalid_argument("FftwPlan: N = " + std::to_string(n) + ", batch = " + std::to_string(batch) + ": both must be at least 1");
  if (threads < 1) throw std::invalid_argument("FftwPlan: threads = " + std::to_string(threads) + ": must be at least 1");
  std::lock_guard lock(planner_mutex());
  in_ = static_cast<Complex<T>*>(Fftw<T>::alloc(n * batch));
  out_ = static_cast<Complex<T>*>(Fftw<T>::alloc(n * batch));
  if (!in_ || !out_) throw std::bad_alloc();
  Fftw<T>::threads(threads);
  // MEASURE overwrites the arrays while planning; they are filled by the caller afterwards.
  const unsigned flags = effort == PlanEffort::measure ? FFTW_MEASURE : FFTW_ESTIMATE;
  auto p = Fftw<T>::make(static_cast<int>(n), static_cast<int>(batch), in_, out_,
                         dir == Direction::forward ? FFTW_FORWARD : FFTW_BACKWARD, flags);
  if (!p) throw std::runtime_error("FFTW could not plan N = " + std::to_string(n));
  plan_ = p;
  std::memset(static_cast<void*>(in_), 0, n * batch * sizeof(Complex<T>));
}

template <class T>
FftwPlan<T>::~FftwPlan() {
  std::lock_guard lock(planner_mutex());
  if (plan_) Fftw<T>::destroy(static_cast<typename Fftw<T>::plan>(plan_));
  Fftw<T>::release(in_);
  Fftw<T>::release(out_);
}

template <class T>
void FftwPlan<T>::execute() {
  Fftw<T>::run(static_cast<typename Fftw<T>::plan>(plan_));
}

template <class T>
std::vector<Complex<T>> FftwPlan<T>::operator()(std::span<const Complex<T>> x) {
  if (x.size() != n_ * batch_) throw std::invalid_argument("FftwPlan: input has " + std::to_string(x.size()) + " points, plan expects " + std::to_string(n_ * batch_));
  std::copy(x.begin(), x.end(), in_);
  execute();
  return {out_, out_ + n_ * batch_};
}

template <class T>
std::vector<Complex<long double>> reference_dft(std::span<const Complex<T>> x, std::size_t n, std::size_t batch,
                                                Direction dir) {
  FftwPlan<long double> plan(n, batch, dir);
  auto in = plan.in();
  for (std::size_t i = 0; i < x.size(); ++i) in[i] = Complex<long double>(x[i]);
  plan.execute();
  auto out = plan.out();
  return {out.begin(), out.end()};
}

template <class T>
std::vector<Complex<long double>> direct_dft_ld(std::span<const Complex<T>> x, Direction dir) {
  const auto n = static_cast<std::int64_t>(x.size());
  std::vector<Complex<long double>> y(x.size());
  for (std::int64_t k = 0; k < n; ++k) {
    Complex<long double> acc{0, 0};
    for (std::int64_t j = 0; j < n; ++j) {
      auto w = twiddle_ld((j * k) % n, n);
      if (dir == Direction::inverse) w = conj(w);
      acc += Complex<long double>(x[j]) * w;
    }
    y[k] = acc;
  }
  return y;
}

std::string fftw_version() { return ::fftw_version; }

bool fftw_threads_available() {
#ifdef COURSE_FFTW_THREADS
  return true;
#else
  return false;
#endif
}

template class FftwPlan<float>;
template class FftwPlan<double>;
template class FftwPlan<long double>;
#define COURSE_INSTANTIATE(T)                                                                                       \
  template std::vector<Complex<long double>> reference_dft<T>(std::span<const Complex<T>>, std::size_t, std::size_t, \
                                                              Direction);                                          \
  template std::vector<Complex<long double>> direct_dft_ld<T>(std::span<const Complex<T>>, Direction);
COURSE_INSTANTIATE(float)
COURSE_INSTANTIATE(double)
COURSE_INSTANTIATE(long double)
#undef COURSE_INSTANTIATE

}  // namespace course
