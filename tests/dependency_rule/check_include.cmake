# cmake -DCXX=<compiler> -DFLAGS=<flags;...> -DVIEW=<module view> -DMODULE=<name> -DHEADER=<include>
#       -DEXPECT=<compiles|refused> -DWORK=<dir> -P check_include.cmake
# One case of the dependency rule (cmake/modules.cmake): compiles a source of MODULE that includes
# HEADER, with MODULE's include path (its view) and nothing else, and checks the outcome: an
# include the module may use compiles; one against the direction is refused as a missing file (not
# for any other reason, so a broken compiler or flag cannot pass for the rule).
string(MAKE_C_IDENTIFIER "${MODULE}_${HEADER}" stem)
set(source "${WORK}/${stem}.cpp")
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${source}" "#include ${HEADER}\nint main() { return 0; }\n")
execute_process(COMMAND "${CXX}" ${FLAGS} -std=c++20 -fsyntax-only -I "${VIEW}" "${source}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "^[<\"](.*)[>\"]$" "\\1" bare "${HEADER}")
if(EXPECT STREQUAL "compiles")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${MODULE} may include ${HEADER}, but it did not compile:\n${err}")
  endif()
  message(STATUS "${MODULE} includes ${HEADER}: compiles, as it may")
elseif(EXPECT STREQUAL "refused")
  if(rc EQUAL 0)
    message(FATAL_ERROR "${MODULE} must not include ${HEADER} (against the dependency rule), but it compiled")
  endif()
  string(FIND "${err}" "${bare}" named)
  if(named EQUAL -1 OR NOT err MATCHES "No such file or directory|file not found")
    message(FATAL_ERROR "${MODULE} including ${HEADER} failed, but not as a missing file:\n${err}")
  endif()
  message(STATUS "${MODULE} includes ${HEADER}: refused (no such file in its view), as it must be")
else()
  message(FATAL_ERROR "EXPECT = ${EXPECT} (expected compiles or refused)")
endif()
