# shellcheck shell=bash
# Sourced by tools/gpu_check.sh and tools/gpu_ab.sh: the chapter folders a GPU chapter's targets
# link, which a reduced tree of that chapter needs beside CMakeLists.txt, cmake, common and tools.
# shellcheck disable=SC2034  # read by the scripts that source this
declare -A DEPS=([06]="06_cuda_naive" [07]="06_cuda_naive 07_cuda_bitops" [08]="07_cuda_bitops 08_cuda_stockham"
                 [09]="08_cuda_stockham 09_radixN" [10]="09_radixN 10_2d_real" [11]="09_radixN 11_clusters"
                 [12]="01_dft 02_recursive 03_iterative 09_radixN 11_clusters 12_any_n")
