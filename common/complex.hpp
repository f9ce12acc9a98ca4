// Complex<T>: the one complex type of the course, usable in host code and in CUDA kernels.
//
// std::complex is not usable in device code and its operator* carries NaN/Inf recovery
// branches that FFT inner loops do not want, so the course uses a small literal type with the
// same memory layout (re, im) as std::complex<T>, fftw_complex and cufftComplex.
#pragma once

#include <complex>
#include <cstddef>
#include <span>
#include <type_traits>

// Full unrolling keeps register arrays indexed by constants; host compilers do not need the hint.
#if defined(__CUDACC__)
#define FFT_HD __host__ __device__
#define COURSE_UNROLL _Pragma("unroll")
#define COURSE_FORCEINLINE __forceinline__
#else
#define FFT_HD
#define COURSE_UNROLL
#define COURSE_FORCEINLINE inline
#endif

namespace course {

// Aligned to its full size (8 or 16 bytes) so a pair loads in one instruction, as float2 and
// double2 do; long double keeps its own 16-byte alignment, as std::complex<long double> does.
template <class T>
struct alignas(sizeof(T) <= 8 ? 2 * sizeof(T) : alignof(T)) Complex {
  static_assert(std::is_floating_point_v<T>, "Complex<T> needs a floating-point T");
  using value_type = T;
  T re{};
  T im{};

  constexpr Complex() = default;
  FFT_HD constexpr Complex(T r, T i = T(0)) : re(r), im(i) {}
  constexpr Complex(const std::complex<T>& z) : re(z.real()), im(z.imag()) {}
  constexpr operator std::complex<T>() const { return {re, im}; }

  template <class U>
  FFT_HD constexpr explicit Complex(const Complex<U>& z) : re(T(z.re)), im(T(z.im)) {}

  FFT_HD constexpr Complex& operator+=(Complex b) { re += b.re; im += b.im; return *this; }
  FFT_HD constexpr Complex& operator-=(Complex b) { re -= b.re; im -= b.im; return *this; }
  FFT_HD constexpr Complex& operator*=(Complex b) { return *this = *this * b; }
  FFT_HD constexpr Complex& operator*=(T s) { re *= s; im *= s; return *this; }

  FFT_HD friend constexpr Complex operator+(Complex a, Complex b) { return {a.re + b.re, a.im + b.im}; }
  FFT_HD friend constexpr Complex operator-(Complex a, Complex b) { return {a.re - b.re, a.im - b.im}; }
  FFT_HD friend constexpr Complex operator-(Complex a) { return {-a.re, -a.im}; }
  FFT_HD friend constexpr Complex operator*(Complex a, Complex b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  }
  FFT_HD friend constexpr Complex operator*(Complex a, T s) { return {a.re * s, a.im * s}; }
  FFT_HD friend constexpr Complex operator*(T s, Complex a) { return {a.re * s, a.im * s}; }
  FFT_HD friend constexpr bool operator==(Complex a, Complex b) { return a.re == b.re && a.im == b.im; }
};

template <class T> FFT_HD constexpr Complex<T> conj(Complex<T> z) { return {z.re, -z.im}; }
template <class T> FFT_HD constexpr T norm(Complex<T> z) { return z.re * z.re + z.im * z.im; }
// Multiplication by -i and +i: a swap and a sign, no multiplies (radix-4 uses these).
template <class T> FFT_HD constexpr Complex<T> mul_neg_i(Complex<T> z) { return {z.im, -z.re}; }
template <class T> FFT_HD constexpr Complex<T> mul_pos_i(Complex<T> z) { return {-z.im, z.re}; }

// Layout interop: the same bytes as std::complex<T> (guaranteed array-of-two by the standard).
static_assert(sizeof(Complex<float>) == sizeof(std::complex<float>));
static_assert(sizeof(Complex<double>) == sizeof(std::complex<double>));
static_assert(alignof(Complex<double>) >= alignof(std::complex<double>));
static_assert(std::is_trivially_copyable_v<Complex<float>>);
static_assert(std::is_standard_layout_v<Complex<double>>);

template <class T>
inline std::span<std::complex<T>> as_std(std::span<Complex<T>> s) {
  return {reinterpret_cast<std::complex<T>*>(s.data()), s.size()};
}

// Forward is exp(-2 pi i k n / N), inverse exp(+...) and unnormalised, as FFTW and cuFFT.
enum class Direction : int { forward = -1, inverse = +1 };

inline const char* to_string(Direction d) { return d == Direction::forward ? "forward" : "inverse"; }

// Scales by 1/N: inverse(forward(x)) * (1/N) == x.
template <class T>
void normalize(std::span<Complex<T>> x, std::size_t n) {
  const T s = T(1) / T(n);
  for (auto& z : x) z *= s;
}

template <class T> inline const char* precision_name();
template <> inline const char* precision_name<float>() { return "float"; }
template <> inline const char* precision_name<double>() { return "double"; }
template <> inline const char* precision_name<long double>() { return "long double"; }

}  // namespace course
