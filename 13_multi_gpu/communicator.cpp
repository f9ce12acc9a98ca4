#include "13_multi_gpu/communicator.hpp"

#include <cuda_runtime_api.h>

#include <cstdlib>

#include "common/cuda_helpers.hpp"

namespace course::multigpu {

void check_nccl(ncclResult_t r, const char* what) {
  if (r != ncclSuccess) throw std::runtime_error(std::string(what) + ": " + ncclGetErrorString(r));
}

int usable_gpus() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) count = 0;
  if (const char* cap = std::getenv("COURSE_GPU_COUNT"); cap && *cap) {
    const int c = std::atoi(cap);
    if (c < 0) throw std::invalid_argument(std::string("COURSE_GPU_COUNT = ") + cap + " must be 0 or more");
    if (c < count) count = c;
  }
  return count;
}

Communicator::Communicator(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm, &rank_);
  MPI_Comm_size(comm, &ranks_);
  // The ranks on this node, and which of them this one is: that is its GPU.
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &node);
  int node_rank = 0, node_ranks = 1;
  MPI_Comm_rank(node, &node_rank);
  MPI_Comm_size(node, &node_ranks);
  MPI_Comm_free(&node);
  const int gpus = usable_gpus();
  // Every rank of a node sees the same counts, so all refuse together with the same words.
  if (node_ranks > gpus)
    throw rank_error("13_multi_gpu: P = " + std::to_string(ranks_) + " ranks put " + std::to_string(node_ranks) +
                     " on one machine, which has " + std::to_string(gpus) +
                     " usable GPU(s): one rank per GPU, so run at most mpirun -n " + std::to_string(gpus) + " here");
  device_ = node_rank;
  COURSE_CUDA_CHECK(cudaSetDevice(device_));
  ncclUniqueId id;
  if (rank_ == 0) check_nccl(ncclGetUniqueId(&id), "ncclGetUniqueId");
  MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, comm);
  check_nccl(ncclCommInitRank(&nccl_, ranks_, id, rank_), "ncclCommInitRank");
}

Communicator::~Communicator() {
  if (nccl_) ncclCommDestroy(nccl_);
}

}  // namespace course::multigpu
