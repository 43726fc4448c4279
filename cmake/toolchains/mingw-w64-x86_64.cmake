# Cross build for 64-bit Windows with Debian's MinGW-w64 (g++-mingw-w64-x86-64-posix: the posix
# thread model, which std::thread needs). Run the results under Wine (scripts/cross-check.sh).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
# Programs are the build machine's; libraries, headers and CMake packages only the target's, so
# that the build machine's /usr/include never reaches the cross compiler. The header-only
# dependencies (nlohmann-json, CLI11, stb; Debian packages in /usr/include) are passed in
# explicitly: nlohmann_json_DIR, CLI11_DIR and CATACOMB_STB_INCLUDE_DIR pointing into a directory
# that holds only them (scripts/cross-check.sh makes one from symlinks under build/cross/deps).
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# A self-contained catacomb.exe: no libstdc++/libgcc/winpthread DLLs to copy next to it.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_CROSSCOMPILING_EMULATOR /usr/lib/wine/wine64)
