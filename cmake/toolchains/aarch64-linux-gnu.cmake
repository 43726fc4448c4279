# Cross build for 64-bit ARM Linux with Debian's g++-aarch64-linux-gnu. Run the results under
# qemu-user: qemu-aarch64 -L /usr/aarch64-linux-gnu (scripts/cross-check.sh).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
# Programs are the build machine's; libraries, headers and CMake packages only the target's, so
# that the build machine's /usr/include never reaches the cross compiler. The header-only
# dependencies (nlohmann-json, CLI11, stb; Debian packages in /usr/include) are passed in
# explicitly: nlohmann_json_DIR, CLI11_DIR and CATACOMB_STB_INCLUDE_DIR pointing into a directory
# that holds only them (scripts/cross-check.sh makes one from symlinks under build/cross/deps).
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu)
