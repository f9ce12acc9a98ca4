// One process per GPU, started by mpirun as 05's ranks are: MPI finds the ranks, NCCL moves
// the data between their GPUs. Who calls it: the plan (multi_gpu_plan.hpp), the test, the
// benchmark and the demo, once per process.
//
//   course::multigpu::Communicator comm(MPI_COMM_WORLD);   // refuses too few GPUs, before any
//   comm.rank(); comm.ranks(); comm.nccl();                // device work
#pragma once

#include <mpi.h>
#include <nccl.h>

#include <stdexcept>
#include <string>

namespace course::multigpu {

// A rank count the machine cannot hold, named with the numbers, before any device work.
class rank_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

void check_nccl(ncclResult_t r, const char* what);

// The GPUs this process may use: cudaGetDeviceCount, or fewer when COURSE_GPU_COUNT says so
// (how a test makes a 4-GPU machine refuse like a 2-GPU one).
int usable_gpus();

class Communicator {
 public:
  // Collective over comm. Rank r on a node takes GPU (its rank among that node's ranks). The
  // NCCL id is made by rank 0 and broadcast by MPI, so the same program runs across nodes.
  explicit Communicator(MPI_Comm comm);
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  int device() const { return device_; }
  MPI_Comm mpi() const { return comm_; }
  ncclComm_t nccl() const { return nccl_; }

 private:
  MPI_Comm comm_;
  int rank_ = 0, ranks_ = 1, device_ = 0;
  ncclComm_t nccl_ = nullptr;
};

}  // namespace course::multigpu
