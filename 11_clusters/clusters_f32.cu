#include "11_clusters/cluster_kernel.cuh"
COURSE_CLUSTER_KERNELS(float)
