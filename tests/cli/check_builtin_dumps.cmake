# Keeps every built-in scenario's frame dump as it was when its digest was taken (issue #11: the
# reshaping of core/ changed no behaviour; later changes to a dump are made on purpose).
#
#   cmake -DCLI=<highwater-cli> -DDIGESTS=<builtin-dumps.sha256> -DWORK=<dir> -P check_builtin_dumps.cmake
#
# DIGESTS has a line "<sha256>  <name>" for each built-in scenario: the SHA-256 of
# `highwater-cli run builtin:<name> --dump jsonl`. Fails on a scenario whose dump has another digest,
# on a built-in scenario without a line, and on a line for a scenario that is not built in. After a
# change to the engine that is meant to change frames, run with -DUPDATE=ON to print the new lines.
cmake_minimum_required(VERSION 3.25)

foreach(var CLI DIGESTS WORK)
    if(NOT ${var})
        message(FATAL_ERROR "usage: cmake -DCLI=... -DDIGESTS=... -DWORK=... -P check_builtin_dumps.cmake")
    endif()
endforeach()
file(MAKE_DIRECTORY ${WORK})

execute_process(COMMAND ${CLI} list OUTPUT_VARIABLE listing RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${CLI} list exited with ${status}")
endif()
string(REGEX MATCHALL "(^|\n)[^\t\n]+" names "${listing}")
list(TRANSFORM names STRIP)

file(STRINGS ${DIGESTS} lines)
set(expected_names "")
foreach(line IN LISTS lines)
    if(NOT line MATCHES "^([0-9a-f]+)  (.+)$")
        message(FATAL_ERROR "${DIGESTS}: expected \"<sha256>  <name>\", got \"${line}\"")
    endif()
    set(digest_${CMAKE_MATCH_2} ${CMAKE_MATCH_1})
    list(APPEND expected_names ${CMAKE_MATCH_2})
endforeach()

set(problems "")
foreach(name IN LISTS names)
    set(dump ${WORK}/${name}.jsonl)
    execute_process(COMMAND ${CLI} run builtin:${name} --dump jsonl OUTPUT_FILE ${dump} RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        list(APPEND problems "builtin:${name}: the run exited with ${status}")
        continue()
    endif()
    file(SHA256 ${dump} actual)
    if(UPDATE)
        message(STATUS "${actual}  ${name}")
    elseif(NOT DEFINED digest_${name})
        list(APPEND problems "builtin:${name}: no digest in ${DIGESTS} (its dump's is ${actual})")
    elseif(NOT actual STREQUAL digest_${name})
        list(APPEND problems "builtin:${name}: the dump's SHA-256 is ${actual}, expected ${digest_${name}} (the dump is ${dump})")
    endif()
endforeach()
foreach(name IN LISTS expected_names)
    if(NOT name IN_LIST names)
        list(APPEND problems "${DIGESTS} has a digest for ${name}, which is not a built-in scenario")
    endif()
endforeach()
if(problems)
    list(JOIN problems "\n" text)
    message(FATAL_ERROR "${text}")
endif()
list(LENGTH names count)
message(STATUS "${count} built-in dumps as recorded")
