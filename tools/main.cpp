// The catacomb executable: a thin main over the in-process CLI (tools/cli.hpp).
#include <iostream>
#include <string>
#include <vector>

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>

#include <cstdio>
#endif

#include "tools/cli.hpp"

int main(int argc, char** argv) {
#if defined(_WIN32)
  // Text mode would turn every "\n" into "\r\n": stdout (ASCII maps, JSON) must be the same bytes
  // on every system.
  ::_setmode(::_fileno(stdout), _O_BINARY);
  ::_setmode(::_fileno(stderr), _O_BINARY);
#endif
  std::vector<std::string> args(argv + 1, argv + argc);
  return catacomb::cli::run(args, std::cout, std::cerr);
}
