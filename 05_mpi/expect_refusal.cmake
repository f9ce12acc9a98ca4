# A refusal test: runs `MPIEXEC -n RANKS --oversubscribe RUNNER ARGS` and passes only if
#   - it ends (TIMEOUT: a hang fails instead of blocking CI),
#   - with a nonzero exit status,
#   - and every one of the RANKS ranks printed the same refusal, which names EXPECT.
# cmake -DMPIEXEC=... -DRANKS=3 -DRUNNER=... -DARGS="v2;1024" -DEXPECT="P = 3" -P expect_refusal.cmake
execute_process(COMMAND ${MPIEXEC} -n ${RANKS} --oversubscribe ${RUNNER} ${ARGS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
message("exit status: ${rc}\n--- output ---\n${out}${err}--------------")
if(rc MATCHES "timeout" OR rc MATCHES "Process terminated")
  message(FATAL_ERROR "hung: ${rc}")
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "exit status 0: a refused run must fail")
endif()
string(REPLACE ";" "," err "${err}")  # a ; would split the CMake list below
string(REGEX MATCHALL "\\[rank [0-9]+ of ${RANKS}\\] [^\n]*" lines "${err}")
list(LENGTH lines count)
if(NOT count EQUAL RANKS)
  message(FATAL_ERROR "expected a refusal from each of the ${RANKS} ranks, got ${count}")
endif()
set(texts "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE "^\\[rank [0-9]+ of [0-9]+\\] " "" text "${line}")
  list(APPEND texts "${text}")
endforeach()
list(REMOVE_DUPLICATES texts)
list(LENGTH texts distinct)
if(NOT distinct EQUAL 1)
  message(FATAL_ERROR "the ranks refused with different messages: ${texts}")
endif()
string(FIND "${texts}" "${EXPECT}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the refusal does not name \"${EXPECT}\": ${texts}")
endif()
message("refused on all ${RANKS} ranks with: ${texts}")
