// 10's read-me-first kernels (column_tile.cu) against FFTW's 2D plan in long double: float and
// double, square and not, batched, forward and inverse, the output poisoned with NaN first; other
// sides refused by name. Exits 77 (skipped) without a CUDA device.
#include <array>
#include <string>
#include <vector>

#include "10_2d_real/column_tile.hpp"
#include "10_2d_real/reference2d.hpp"
#include "common/catch.hpp"
#include "common/cuda_helpers.hpp"
#include "common/metrics.hpp"
#include "common/signals.hpp"
#include "common/sizes.hpp"

using namespace course;
using namespace course::twod;

TEMPLATE_TEST_CASE("the plain row and column kernels match FFTW's 2D plan", "[gpu][c2c]", float, double) {
  using T = TestType;
  std::vector<std::array<std::size_t, 3>> shapes{{16, 16, 3}, {256, 256, 2}, {16, 256, 2}, {256, 16, 5}};
  if (sizeof(T) == 4) shapes.push_back({256, 4096, 1});
  for (auto [rows, cols, batch] : shapes) {
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      const std::size_t n = rows * cols * batch;
      const auto x = random_gaussian<T>(n, fresh_seed() + rows * 7 + cols);
      const auto ref = reference_c2c_2d<T>(x, rows, cols, batch, dir);
      cuda::DeviceBuffer<Complex<T>> d_in(n), d_out(n);
      d_in.upload(x);
      d_out.poison();
      ColumnTilePlan<T> plan(rows, cols, batch);
      plan.execute(d_in.data(), d_out.data(), dir);
      COURSE_CUDA_CHECK(cudaDeviceSynchronize());
      const auto got = d_out.to_host();
      const double err = rel_l2_error<T, long double>(got, ref);
      INFO(rows << " x " << cols << " x " << batch << " " << to_string(dir) << ": relative L2 error " << err);
      CHECK(err < tolerance<T>(rows * cols));
    }
  }
}

TEST_CASE("the plain 2D plan refuses sides it has no kernel for, by name", "[gpu]") {
  for (auto [rows, cols] : std::vector<std::array<std::size_t, 2>>{{32, 16}, {4096, 16}, {16, 32}, {16, 512}}) {
    try {
      ColumnTilePlan<float> plan(rows, cols, 1);
      FAIL("accepted " << rows << " x " << cols);
    } catch (const size_error& e) {
      CHECK(std::string(e.what()).find("takes every power") != std::string::npos);
    }
  }
}
