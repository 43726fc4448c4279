# cmake -DCXX=<compiler> -DFLAGS=<flags;...> -DREADME=<README.md> -DINCLUDES=<dir;dir> -DWORK=<dir>
#       -P readme_example.cmake
# The README's library example is code a newcomer copies first: this compiles it (the first
# ```cpp block) against the public headers, with catacomb's warnings as errors, so the README
# cannot drift from the API.
file(READ "${README}" text)
string(FIND "${text}" "```cpp\n" start)
if(start EQUAL -1)
  message(FATAL_ERROR "${README} has no ```cpp block")
endif()
math(EXPR start "${start} + 7")
string(SUBSTRING "${text}" ${start} -1 rest)
string(FIND "${rest}" "```" end)
string(SUBSTRING "${rest}" 0 ${end} code)
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/readme_example.cpp" "${code}")
set(include_flags "")
foreach(dir IN LISTS INCLUDES)
  list(APPEND include_flags -I "${dir}")
endforeach()
execute_process(COMMAND "${CXX}" ${FLAGS} -std=c++20 -fsyntax-only -Wall -Wextra -Werror ${include_flags}
                        "${WORK}/readme_example.cpp"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the README's library example does not compile:\n${err}")
endif()
string(REGEX MATCHALL "\n" lines "${code}")
list(LENGTH lines n)
message(STATUS "the README's library example (${n} lines) compiles")
