// The 2D references the tests compare with: FFTW's multi-dimensional plans (fftw_plan_many_dft
// and its r2c / c2r forms, rank 2), computed in long double so that the reference's own error is
// far below what float or double are checked for. common/reference.hpp is 1D only.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "common/complex.hpp"

namespace course::twod {

// batch row-major rows x cols matrices, out of place.
template <class T>
std::vector<Complex<long double>> reference_c2c_2d(std::span<const Complex<T>> x, std::size_t rows, std::size_t cols,
                                                   std::size_t batch, Direction dir);

// rows x cols reals -> rows x (cols/2 + 1) complex, per matrix (FFTW's and cuFFT's layout).
template <class T>
std::vector<Complex<long double>> reference_r2c_2d(std::span<const T> x, std::size_t rows, std::size_t cols, std::size_t batch);

// rows x (cols/2 + 1) complex -> rows x cols reals, unnormalised.
template <class T>
std::vector<long double> reference_c2r_2d(std::span<const Complex<T>> x, std::size_t rows, std::size_t cols, std::size_t batch);

// Real vectors as complex ones with zero imaginary part, so rel_l2_error applies to them too.
template <class T>
std::vector<Complex<T>> as_complex(std::span<const T> x) {
  std::vector<Complex<T>> z(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) z[i] = Complex<T>{x[i], T(0)};
  return z;
}

}  // namespace course::twod
