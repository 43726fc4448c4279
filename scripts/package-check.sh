#!/usr/bin/env bash
# Checks catacomb as a game would use it: installed and found by find_package or pkg-config,
# built as a shared library exporting only its public API, and vendored with add_subdirectory().
#
#   scripts/package-check.sh [--from BUILD_DIR]
#
# --from BUILD_DIR installs from an existing top-level build (e.g. build/release after
# `cmake --workflow --preset test`) instead of building the static library and CLI again.
# Everything goes under build/package/. Exits non-zero at the first check that fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build/package
from=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --from) from=$(cd "$2" && pwd); shift 2 ;;
    *) echo "package-check: unknown argument '$1' (expected --from BUILD_DIR)" >&2; exit 2 ;;
  esac
done
rm -rf "$out"
mkdir -p "$out"
start=$SECONDS
step() { echo "== package-check: $* (at $((SECONDS - start)) s)"; }
fail() { echo "package-check: FAILED: $*" >&2; exit 1; }
# Consumers build without the CI variable: only catacomb's own top-level build turns on -Werror.
consumer() { env -u CI "$@"; }

# --- 1. static library + CLI, installed ------------------------------------------------------
if [[ -z "$from" ]]; then
  step "configure and build the static library and CLI (tests off)"
  cmake -S . -B "$out/static" -DCMAKE_BUILD_TYPE=Release -DCATACOMB_BUILD_TESTS=OFF >/dev/null
  cmake --build "$out/static" -j2 >/dev/null
  from=$out/static
fi
step "cmake --install $from --prefix build/package/prefix"
cmake --install "$from" --prefix "$out/prefix" >/dev/null
prefix=$out/prefix
libdir=$(cd "$prefix" && ls -d lib*/cmake/catacomb | head -1 | xargs dirname | xargs dirname)
for f in include/catacomb/catacomb.hpp include/catacomb/catacomb.h include/catacomb/version.hpp \
         include/catacomb/export.hpp include/catacomb/pathing/search.hpp \
         "$libdir/libcatacomb.a" "$libdir/cmake/catacomb/catacombConfig.cmake" \
         "$libdir/cmake/catacomb/catacombConfigVersion.cmake" "$libdir/cmake/catacomb/catacombTargets.cmake" \
         "$libdir/pkgconfig/catacomb.pc" bin/catacomb share/doc/catacomb/README.md share/doc/catacomb/LICENSE; do
  [[ -e "$prefix/$f" ]] || fail "the install has no $f"
done
# Internal headers stay in src/; nothing lets a bare core/... path reach a consumer.
for f in include/catacomb/pathing/open_list.hpp include/catacomb/pathing/search_internal.hpp \
         include/catacomb/pathing/search_engine.hpp include/core include/pathing; do
  [[ ! -e "$prefix/$f" ]] || fail "the install has the internal $f"
done
version=$("$prefix/bin/catacomb" --version)  # whole, for the same reason as ldd's below
grep -q "catacomb $(sed -n 's/^project(catacomb VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)" <<< "$version" \
  || fail "the installed CLI does not report the project's version"

# Every installed header compiles on its own from the install alone (C++20; catacomb.h as C11 too).
step "each installed header compiles on its own"
# Two at a time (the machine's cores); each failure is named, then the step fails.
header_alone() {
  local rel=${1#"$prefix/include/"}
  echo "#include <$rel>" | env -u CI c++ -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I"$prefix/include" -x c++ - \
    || { echo "package-check: <$rel> does not compile on its own" >&2; return 1; }
}
export -f header_alone
export prefix
find "$prefix/include/catacomb" \( -name '*.hpp' -o -name '*.h' \) -print0 | sort -z \
  | xargs -0 -n1 -P2 bash -c 'header_alone "$0"' || fail "an installed header does not compile on its own (named above)"
echo '#include <catacomb/catacomb.h>' | consumer cc -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror \
  -I"$prefix/include" -x c - || fail "<catacomb/catacomb.h> is not C11"

# --- 2. the C++ example through find_package --------------------------------------------------
step "examples/cpp: find_package(catacomb 0.2 REQUIRED), catacomb::catacomb"
consumer cmake -S examples/cpp -B "$out/example-cpp" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
consumer cmake --build "$out/example-cpp" -j2 >/dev/null
(cd "$out" && ./example-cpp/example-cpp 7 example-cpp.png)
head -c 8 "$out/example-cpp.png" | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a" || fail "example-cpp.png is not a PNG"

# --- 3. the C example through find_package and through pkg-config ------------------------------
if [[ -f examples/c/main.c ]]; then
  step "examples/c: a C-only project (project(... LANGUAGES C)) with find_package links the static library"
  consumer cmake -S examples/c -B "$out/example-c" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
  # C only: no C++ compiler enabled, so the C driver links and catacomb::catacomb must bring the
  # C++ runtime itself.
  ! grep -q "^CMAKE_CXX_COMPILER:" "$out/example-c/CMakeCache.txt" || fail "examples/c enables C++ (it must be C only)"
  consumer cmake --build "$out/example-c" -j2 >/dev/null || fail "the C-only project does not link catacomb::catacomb"
  (cd "$out" && ./example-c/catacomb_c_example > example-c.txt) || fail "example-c (find_package) failed"
  step "examples/c: cc -std=c11 main.c \$(pkg-config --cflags --libs catacomb)"
  export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
  pkg-config --modversion catacomb
  # shellcheck disable=SC2046
  cc -std=c11 -Wall -Wextra -Wpedantic -Werror examples/c/main.c -o "$out/example-c-pkgconfig" \
     $(pkg-config --cflags --libs catacomb)
  (cd "$out" && ./example-c-pkgconfig > example-c-pkgconfig.txt) || fail "example-c (pkg-config) failed"
  unset PKG_CONFIG_PATH
fi

# --- 4. shared library: only the public API exported -------------------------------------------
step "BUILD_SHARED_LIBS=ON: library only, installed to build/package/prefix-shared"
cmake -S . -B "$out/shared" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON \
      -DCATACOMB_BUILD_TESTS=OFF -DCATACOMB_BUILD_CLI=OFF >/dev/null
cmake --build "$out/shared" -j2 >/dev/null
cmake --install "$out/shared" --prefix "$out/prefix-shared" >/dev/null
so=$(ls "$out/prefix-shared/$libdir"/libcatacomb.so.* | head -1)
nm -DC --defined-only "$so" > "$out/shared-symbols.txt"
grep -q "catacomb::generate_dungeon(" "$out/shared-symbols.txt" || fail "libcatacomb.so does not export generate_dungeon"
grep -q " catacomb_generate$" "$out/shared-symbols.txt" || fail "libcatacomb.so does not export the C API"
if grep -E "catacomb::detail::|OpenList|text_lines|split_lines" "$out/shared-symbols.txt"; then
  fail "libcatacomb.so exports internal symbols (above)"
fi
echo "libcatacomb.so exports $(wc -l < "$out/shared-symbols.txt") symbols, none internal"
consumer cmake -S examples/cpp -B "$out/example-cpp-shared" -DCMAKE_PREFIX_PATH="$out/prefix-shared" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
consumer cmake --build "$out/example-cpp-shared" -j2 >/dev/null
# Read whole before grep looks: `ldd | grep -q` under pipefail fails when grep has its match and
# exits while ldd (the loader, a line a write) still writes, and ldd dies of SIGPIPE.
linked=$(ldd "$out/example-cpp-shared/example-cpp")
grep -q "libcatacomb.so" <<< "$linked" || fail "example-cpp did not link the shared library"
(cd "$out" && ./example-cpp-shared/example-cpp 7 example-cpp-shared.png)
cmp "$out/example-cpp.png" "$out/example-cpp-shared.png" || fail "static and shared builds drew different dungeons"
if [[ -f examples/c/main.c ]]; then
  consumer cmake -S examples/c -B "$out/example-c-shared" -DCMAKE_PREFIX_PATH="$out/prefix-shared" \
        -DCMAKE_BUILD_TYPE=Release >/dev/null
  consumer cmake --build "$out/example-c-shared" -j2 >/dev/null
  (cd "$out" && ./example-c-shared/catacomb_c_example > example-c-shared.txt) || fail "example-c (shared) failed"
  cmp "$out/example-c.txt" "$out/example-c-shared.txt" || fail "the C example printed differently against the shared library"
fi

# --- 4b. the shared install from pkg-config runs without LD_LIBRARY_PATH (catacomb.pc's rpath) ----
if [[ -f examples/c/main.c ]]; then
  step "examples/c against the shared install through pkg-config, run without LD_LIBRARY_PATH"
  # shellcheck disable=SC2046
  cc -std=c11 -Wall -Wextra -Wpedantic -Werror examples/c/main.c -o "$out/example-c-shared-pc" \
     $(PKG_CONFIG_PATH="$out/prefix-shared/$libdir/pkgconfig" pkg-config --cflags --libs catacomb)
  (cd "$out" && env -u LD_LIBRARY_PATH ./example-c-shared-pc > example-c-shared-pc.txt) \
    || fail "example-c (shared, pkg-config) did not run without LD_LIBRARY_PATH"
  cmp "$out/example-c.txt" "$out/example-c-shared-pc.txt" || fail "the shared pkg-config build printed differently"
fi

# --- 4c. a -fno-exceptions C++ program on the C API ------------------------------------------
step "a C++ program built with -fno-exceptions -fno-rtti calls the C API (static install, pkg-config)"
cat > "$out/noexcept.cpp" <<'EOF_NOEXCEPT'
#include <catacomb/catacomb.h>
#include <cstdio>
int main() {
  catacomb_config* c = catacomb_config_new();
  catacomb_dungeon* d = c ? catacomb_generate(c, 7) : nullptr;
  if (!d) return std::printf("%s\n", catacomb_last_error()), 1;
  const bool bad = catacomb_dungeon_from_json("{}") != nullptr || catacomb_last_error_code() != CATACOMB_INVALID_ARGUMENT;
  std::printf("%dx%d, error path %s\n", catacomb_dungeon_width(d), catacomb_dungeon_height(d), bad ? "wrong" : "ok");
  catacomb_dungeon_free(d);
  catacomb_config_free(c);
  return bad ? 1 : 0;
}
EOF_NOEXCEPT
# shellcheck disable=SC2046
c++ -std=c++17 -fno-exceptions -fno-rtti -Wall -Wextra -Werror "$out/noexcept.cpp" -o "$out/noexcept" \
    $(PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig" pkg-config --cflags --libs catacomb)
"$out/noexcept" || fail "the -fno-exceptions program failed"

# --- 4d. a library-only install (the "library" component): no CLI ----------------------------
step "cmake --install $from --component library: the library without the CLI"
cmake --install "$from" --prefix "$out/prefix-lib" --component library >/dev/null
[[ -e "$out/prefix-lib/$libdir/libcatacomb.a" ]] || fail "the library component has no libcatacomb.a"
[[ -e "$out/prefix-lib/$libdir/cmake/catacomb/catacombConfig.cmake" ]] || fail "the library component has no CMake package"
[[ ! -e "$out/prefix-lib/bin/catacomb" ]] || fail "the library component installed the CLI"
cmake --install "$from" --prefix "$out/prefix-cli" --component cli >/dev/null
[[ -x "$out/prefix-cli/bin/catacomb" ]] || fail "the cli component has no bin/catacomb"

# --- 5. add_subdirectory() under CI=true, with a warning-unclean parent -----------------------
step "add_subdirectory() from a parent with -Wconversion-unclean code, CI=true, no build type"
CI=true cmake -S tests/package/subproject -B "$out/subproject" -DCATACOMB_SOURCE_DIR="$root" >/dev/null
grep -q "^CMAKE_BUILD_TYPE:STRING=$" "$out/subproject/CMakeCache.txt" || fail "the parent's empty build type was changed"
grep -q "CLI11_DIR" "$out/subproject/CMakeCache.txt" && fail "CLI11 was looked for although the CLI is off"
CI=true cmake --build "$out/subproject" -j2 >/dev/null
"$out/subproject/game"

echo "== package-check: all passed in $((SECONDS - start)) s"
