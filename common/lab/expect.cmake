# The labs' CI proof: runs one grader executable and checks that it failed for the right reason
# or passed. cmake -DEXE=... -DEXPECT=wrong|pass [-DREASON=<text the first failure must name>]
#   [-DSKELETON_FILES=a|b -DSKELETON_SHA256=<hash>] -DSOURCE_DIR=... -DREPORT_DIR=... -P expect.cmake
# "Wrong" means the grader's exit code 1 (a check failed) and its "Start with TODO n" line, not a
# crash (a signal), an exception in the grader (3) or a bad command line (2).
cmake_minimum_required(VERSION 3.24)

if(DEFINED SKELETON_FILES)
  string(REPLACE "|" ";" files "${SKELETON_FILES}")
  set(all "")
  foreach(f IN LISTS files)
    file(SHA256 "${f}" h)
    string(APPEND all "${h}")
  endforeach()
  string(SHA256 combined "${all}")
  if(NOT combined STREQUAL SKELETON_SHA256)
    # Edited by a student, or changed by a maintainer who did not record the new hash? If the
    # files are exactly as committed, it is the latter, and that must not pass unnoticed.
    set(pristine FALSE)
    find_program(GIT git)
    if(GIT AND EXISTS "${SOURCE_DIR}/.git")
      execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" ls-files --error-unmatch ${files}
                      RESULT_VARIABLE tracked OUTPUT_QUIET ERROR_QUIET)
      execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" diff --quiet HEAD -- ${files}
                      RESULT_VARIABLE changed OUTPUT_QUIET ERROR_QUIET)
      if(tracked EQUAL 0 AND changed EQUAL 0)
        set(pristine TRUE)
      endif()
    endif()
    if(pristine)
      message(FATAL_ERROR "the skeleton is as committed but its recorded SKELETON_SHA256 is stale: "
                          "record SKELETON_SHA256 ${combined} in the lab's CMakeLists.txt")
    endif()
    message("LAB-PROOF-SKIPPED: the skeleton (${SKELETON_FILES}) differs from the one shipped "
            "(sha256 ${combined}): it has been edited, so this proof for the shipped skeleton does not apply")
    return()
  endif()
endif()

execute_process(COMMAND "${EXE}" --report-dir "${REPORT_DIR}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(EXPECT STREQUAL "pass")
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "expected the grader to pass (exit 0), it exited with '${rc}'")
  endif()
  string(FIND "${out}" ": PASSED:" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "exit 0 but no PASSED verdict in the output")
  endif()
  message("proof: the grader passes, as it must")
elseif(EXPECT STREQUAL "wrong")
  if(NOT rc STREQUAL "1")
    message(FATAL_ERROR "expected the grader to report a wrong answer (exit 1), it exited with '${rc}' "
                        "(2: bad command line, 3: the grader failed, other: a crash)")
  endif()
  string(REGEX MATCH "Start with ([^\n]*)" first "${out}")
  if(NOT first)
    message(FATAL_ERROR "exit 1 but the first failure points at no TODO")
  endif()
  if(DEFINED REASON)
    string(FIND "${first}" "${REASON}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the grader failed, but its first failure (${first}) is not at '${REASON}'")
    endif()
  endif()
  message("proof: the grader fails for the right reason: ${first}")
else()
  message(FATAL_ERROR "EXPECT must be wrong or pass, got '${EXPECT}'")
endif()
