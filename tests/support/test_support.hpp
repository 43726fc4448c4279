#pragma once
// Helpers shared by the tests: a scratch directory, in-process and real-process CLI runs, and a
// PNG decoder (stb_image) so previews can be compared with their grids.
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/grid.hpp>
#include <catacomb/core/terrain.hpp>

namespace catacomb::test {

/// True when every cell on the grid's border is wall.
bool border_is_wall(const Grid<Terrain>& g);

/// A fresh directory under the system temp dir, removed with everything in it on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

struct CliResult {
  int code = -1;
  std::string out;
  std::string err;
};

/// Runs catacomb::cli::run in this process.
CliResult run_cli(const std::vector<std::string>& args);
/// Runs the built catacomb executable as a child process (stdin closed, outputs captured).
CliResult run_exe(const std::vector<std::string>& args);
/// Runs any program (found on PATH when `exe` has no '/') with `env` ("NAME=value") added to
/// this process's environment; stdin closed, outputs captured. Killed, and std::runtime_error
/// thrown, when it runs longer than `timeout_s` seconds.
CliResult run_program(const std::string& exe, const std::vector<std::string>& args,
                      const std::vector<std::string>& env = {}, int timeout_s = 120);

/// A decoded 8-bit RGB image.
struct DecodedPng {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgb;
};
/// Decodes PNG bytes with stb_image; throws std::runtime_error if they are not a PNG.
DecodedPng decode_png(const std::string& bytes);
/// Inflates a zlib stream with stb_image's decoder; throws std::runtime_error if it is not one.
std::vector<uint8_t> inflate_zlib(const std::vector<uint8_t>& z);

/// Reads a whole file (throws std::runtime_error when missing).
std::string slurp(const std::string& path);
bool file_exists(const std::string& path);
/// Writes the text "placeholder" to `path` (a file a failed run must leave alone).
void write_placeholder(const std::string& path);
/// Writes `text` to `path` (plain write, for fixtures).
void write_text(const std::string& path, const std::string& text);
/// Names of the files in a directory, sorted.
std::vector<std::string> list_dir(const std::string& path);

/// Path of the shared benchmark data (../shared/bench/movingai), or "" when it is absent.
std::string movingai_dir();

}  // namespace catacomb::test
