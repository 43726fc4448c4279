// The catacomb executable: a thin main over the in-process CLI (tools/cli.hpp).
#include <iostream>
#include <string>
#include <vector>

#include "tools/cli.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return catacomb::cli::run(args, std::cout, std::cerr);
}
