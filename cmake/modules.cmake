# The library's modules and the one rule between them: a module includes only the modules it may
# use (the table below, the arrows of docs/architecture.md), and the build enforces it.
#
# Each module is an object library, catacomb_<module>, built from src/<module>/**/*.cpp. Its include
# path is not include/ and src/ but a view made for it at configure time in the build tree,
# ${PROJECT_BINARY_DIR}/modules/<module>/, that holds links to what it may see and nothing else:
#   catacomb/<m>/   -> include/catacomb/<m>/   the public headers of itself and of each module it uses
#   shared/<m>/     -> src/shared/<m>/         the internals other modules may use (one marked place;
#                                              not for capi, which sees public headers only)
#   <module>/       -> src/<module>/           its own internal headers
#   catacomb/export.hpp, catacomb/version.hpp  (and, for capi, catacomb/catacomb.h)
# so `#include <catacomb/validate/validate.hpp>` in a generator source, or "pathing/flood/flood.hpp" (a
# pathing internal) in validate, fails to compile: "No such file or directory". The DependencyRule
# tests (tests/dependency_rule/) compile such includes and expect exactly that.
#
# Where the file system cannot make links (some Windows set-ups), the views cannot be made: the
# modules then see include/ and src/ whole and the rule is not enforced there (a warning says so).

set(CATACOMB_MODULES core pathing platformer validate generator pipeline render io capi)
set(CATACOMB_USES_core "")
set(CATACOMB_USES_pathing core)
set(CATACOMB_USES_platformer core pathing)
set(CATACOMB_USES_validate core pathing platformer)
set(CATACOMB_USES_generator core pathing)
set(CATACOMB_USES_pipeline core pathing platformer validate generator)
set(CATACOMB_USES_render core pathing platformer validate)
set(CATACOMB_USES_io core pathing platformer validate generator pipeline render)
set(CATACOMB_USES_capi core pathing platformer validate generator pipeline render io)

# A module's sources sit in one sub-folder per capability (src/generator/progression/, ...; each
# with a README.md). A header in a sub-folder is private to it; these are the ones shared, each
# with the folders that include it. DependencyRule.SubFolders (tests/dependency_rule/
# check_subfolders.cmake) fails on any other include of another folder's header.
set(CATACOMB_SUBFOLDER_SHARED
    "pathing/navigator/landmarks.hpp|pathing/jps"           # the bound JPS steers by
    "pathing/jps/jps_access.hpp|pathing/navigator"           # what the Navigator reaches in JPS
    "pathing/search/open_list.hpp|pathing/jps,pathing/navigator"  # the engine's open lists
    "validate/solver/solver_model.hpp|validate")             # validate lends its flood to the walk

# Modules that see public headers only: the C API is a thin layer over the C++ one.
set(CATACOMB_PUBLIC_ONLY capi)

set(CATACOMB_VIEWS_DIR ${PROJECT_BINARY_DIR}/modules)
set(CATACOMB_VIEWS_ENFORCED ON)

# _catacomb_link(<target> <link>): a symbolic link, replaced when it points elsewhere.
function(_catacomb_link target link)
  if(IS_SYMLINK "${link}")
    file(READ_SYMLINK "${link}" current)
    if(current STREQUAL target)
      return()
    endif()
    file(REMOVE "${link}")
  endif()
  get_filename_component(dir "${link}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  file(CREATE_LINK "${target}" "${link}" RESULT failed SYMBOLIC)
  if(failed)
    set(CATACOMB_VIEWS_ENFORCED OFF PARENT_SCOPE)
  endif()
endfunction()

# catacomb_module_view(<module> <out-var>): makes the module's view and returns its directory.
function(catacomb_module_view module out)
  set(view ${CATACOMB_VIEWS_DIR}/${module})
  set(enforced ${CATACOMB_VIEWS_ENFORCED})
  foreach(m IN LISTS CATACOMB_USES_${module} ITEMS ${module})
    if(IS_DIRECTORY ${PROJECT_SOURCE_DIR}/include/catacomb/${m})
      _catacomb_link(${PROJECT_SOURCE_DIR}/include/catacomb/${m} ${view}/catacomb/${m})
    endif()
    if(IS_DIRECTORY ${PROJECT_SOURCE_DIR}/src/shared/${m} AND NOT module IN_LIST CATACOMB_PUBLIC_ONLY)
      _catacomb_link(${PROJECT_SOURCE_DIR}/src/shared/${m} ${view}/shared/${m})
    endif()
  endforeach()
  _catacomb_link(${PROJECT_SOURCE_DIR}/src/${module} ${view}/${module})
  _catacomb_link(${PROJECT_SOURCE_DIR}/include/catacomb/export.hpp ${view}/catacomb/export.hpp)
  _catacomb_link(${PROJECT_BINARY_DIR}/include/catacomb/version.hpp ${view}/catacomb/version.hpp)
  if(module STREQUAL "capi")
    _catacomb_link(${PROJECT_SOURCE_DIR}/include/catacomb/catacomb.h ${view}/catacomb/catacomb.h)
  endif()
  if(NOT CATACOMB_VIEWS_ENFORCED)
    set(CATACOMB_VIEWS_ENFORCED OFF PARENT_SCOPE)
  endif()
  set(${out} ${view} PARENT_SCOPE)
endfunction()

# catacomb_module_includes(<target> <module>): compiles <target> as a source of <module> would be
# (the module's own target, or a test build of its sources such as the scalar pathing engine).
function(catacomb_module_includes target module)
  catacomb_module_view(${module} view)
  if(CATACOMB_VIEWS_ENFORCED)
    target_include_directories(${target} PRIVATE ${view})
  else()
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_BINARY_DIR}/include
                                                 ${PROJECT_SOURCE_DIR}/src)
  endif()
  set(CATACOMB_VIEWS_ENFORCED ${CATACOMB_VIEWS_ENFORCED} PARENT_SCOPE)
endfunction()

# One object library per module, with the flags every library source is built with.
set(CATACOMB_MODULE_TARGETS "")
foreach(module IN LISTS CATACOMB_MODULES)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${module}/*.cpp)
  set(target catacomb_${module})
  add_library(${target} OBJECT ${sources})
  set_target_properties(${target} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  if(BUILD_SHARED_LIBS OR CATACOMB_PYTHON_MODULE)  # the Python module is a shared object too
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  endif()
  target_compile_features(${target} PUBLIC cxx_std_20)
  catacomb_module_includes(${target} ${module})
  target_compile_definitions(${target} PRIVATE CATACOMB_BUILDING_LIBRARY
                             $<$<BOOL:${BUILD_SHARED_LIBS}>:CATACOMB_SHARED>
                             CATACOMB_TILED_READER=$<BOOL:${CATACOMB_TILED_READER}>
                             CATACOMB_TILED_JSON=$<OR:$<BOOL:${CATACOMB_TILED_READER}>,$<BOOL:${CATACOMB_TILED_JSON}>>)
  catacomb_target_flags(${target})
  list(APPEND CATACOMB_MODULE_TARGETS ${target})
endforeach()
# The WebAssembly build: the modules that read and write formats and draw (no hot loop: a map is
# parsed or written once) and the pipeline (the config's checks and the attempt loop, which calls
# the generators and the validator) are optimized for size, the others keep the build type's
# flags (-O3: generation, search and the solver are what a page waits for). -Oz everywhere halves
# the speed and more; core or platformer at -Oz made platformer levels 5 times slower (docs/browser.md, "Sizes").
set(CATACOMB_WASM_SIZE_MODULES io render pipeline CACHE STRING "Modules built with -Oz in the WebAssembly build")
if(EMSCRIPTEN)
  foreach(module IN LISTS CATACOMB_WASM_SIZE_MODULES)
    target_compile_options(catacomb_${module} PRIVATE -Oz)
  endforeach()
endif()
if(NOT CATACOMB_VIEWS_ENFORCED)
  message(WARNING "catacomb: symbolic links cannot be made in ${CATACOMB_VIEWS_DIR}; the modules see "
                  "every header and the dependency rule is not enforced by this build")
endif()

# Third-party code, each where it is used: stb only in render, nlohmann-json, pugixml and zlib only
# in io (the formats).
target_include_directories(catacomb_render SYSTEM PRIVATE ${CATACOMB_STB_INCLUDE_DIR})
target_link_libraries(catacomb_io PRIVATE nlohmann_json::nlohmann_json)
if(CATACOMB_TILED_READER)
  target_link_libraries(catacomb_io PRIVATE pugixml::pugixml ZLIB::ZLIB)
endif()

# Every module's objects, for the libraries made of them.
set(CATACOMB_LIBRARY_OBJECTS "")
foreach(target IN LISTS CATACOMB_MODULE_TARGETS)
  list(APPEND CATACOMB_LIBRARY_OBJECTS $<TARGET_OBJECTS:${target}>)
endforeach()
