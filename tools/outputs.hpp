#pragma once
/// The output flags shared by subcommands that write a dungeon: --png, --json, --txt, --scale.
#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>

#include "core/dungeon.hpp"

namespace catacomb::cli {

struct OutputOptions {
  std::string png;   ///< PNG preview path, or empty
  std::string json;  ///< JSON map path, or empty
  std::string txt;   ///< ASCII map path, or empty
  int scale = 4;     ///< PNG pixels per tile

  bool any() const { return !png.empty() || !json.empty() || !txt.empty(); }
};

/// Declares --png, --json, --txt and --scale on `sub`.
void add_output_options(CLI::App& sub, OutputOptions& o);

/// Refuses bad output flags before any work: unwritable paths, the same path twice, a scale
/// that does not fit a width x height map. Throws InvalidArgument naming the flag.
void check_outputs(const OutputOptions& o, int width, int height);

/// Writes every requested file, all staged to temporary files first and renamed together at the
/// end, so a failure leaves no file half-written and no existing file clobbered. With no output
/// flag, prints the ASCII map to `out`.
void write_outputs(const Dungeon& d, const OutputOptions& o, std::ostream& out);

}  // namespace catacomb::cli
