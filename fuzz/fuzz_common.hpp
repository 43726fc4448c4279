#pragma once
// Shared by the libFuzzer targets: the input as text, and a check that aborts (a finding) with a
// message when a property does not hold.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace catacomb::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz property violated: %s\n", what);
  std::abort();
}

inline void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

}  // namespace catacomb::fuzz
