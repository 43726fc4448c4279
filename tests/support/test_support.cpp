#include "support/test_support.hpp"

#if !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tools/cli.hpp"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_ONLY_PNG
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#endif
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace catacomb::test {

bool border_is_wall(const Grid<Terrain>& g) {
  for (int x = 0; x < g.width(); ++x)
    if (g(x, 0) != Terrain::Wall || g(x, g.height() - 1) != Terrain::Wall) return false;
  for (int y = 0; y < g.height(); ++y)
    if (g(0, y) != Terrain::Wall || g(g.width() - 1, y) != Terrain::Wall) return false;
  return true;
}


// A new directory (create_directory is false when the name is taken): portable, unlike mkdtemp.
TempDir::TempDir() {
  static std::atomic<uint64_t> counter{0};
  const auto base = std::filesystem::temp_directory_path();
  for (int attempt = 0; attempt < 1000; ++attempt) {
    uint64_t mix = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
                   (counter.fetch_add(1) * 0x9E3779B97F4A7C15ull);
    std::string name = "catacomb-test-";
    for (int i = 0; i < 8; ++i, mix /= 36) name += "abcdefghijklmnopqrstuvwxyz0123456789"[mix % 36];
    std::error_code ec;
    if (std::filesystem::create_directory(base / name, ec)) {
      path_ = (base / name).generic_string();
      return;
    }
    if (ec) throw std::runtime_error("cannot create a directory in " + base.string() + ": " + ec.message());
  }
  throw std::runtime_error("cannot create a fresh directory in " + base.string());
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

CliResult run_cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  CliResult r;
  r.code = catacomb::cli::run(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

#if defined(_WIN32)
CliResult run_exe(const std::vector<std::string>&) {
  throw std::runtime_error("run_exe is POSIX-only (fork/exec); the cross-built tests filter these tests out");
}
#else
CliResult run_exe(const std::vector<std::string>& args) {
  TempDir tmp;
  const std::string out_path = tmp.file("stdout"), err_path = tmp.file("stderr");
  pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    std::vector<char*> argv;
    std::string exe = CATACOMB_EXE;
    argv.push_back(exe.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (!std::freopen("/dev/null", "r", stdin) || !std::freopen(out_path.c_str(), "w", stdout) ||
        !std::freopen(err_path.c_str(), "w", stderr))
      ::_exit(127);
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  return r;
}
#endif

DecodedPng decode_png(const std::string& bytes) {
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(bytes.data()),
                                            static_cast<int>(bytes.size()), &w, &h, &n, 3);
  if (!px) throw std::runtime_error(std::string("not a PNG: ") + stbi_failure_reason());
  DecodedPng d;
  d.width = w;
  d.height = h;
  d.rgb.assign(px, px + static_cast<size_t>(w) * static_cast<size_t>(h) * 3);
  stbi_image_free(px);
  return d;
}

std::vector<uint8_t> inflate_zlib(const std::vector<uint8_t>& z) {
  int n = 0;
  char* out = stbi_zlib_decode_malloc(reinterpret_cast<const char*>(z.data()), static_cast<int>(z.size()), &n);
  if (!out) throw std::runtime_error(std::string("not a zlib stream: ") + stbi_failure_reason());
  std::vector<uint8_t> v(reinterpret_cast<const uint8_t*>(out), reinterpret_cast<const uint8_t*>(out) + n);
  stbi_image_free(out);
  return v;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool file_exists(const std::string& path) { return std::filesystem::exists(path); }

void write_text(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

void write_placeholder(const std::string& path) {
  std::ofstream(path, std::ios::binary) << "placeholder";
}

std::vector<std::string> list_dir(const std::string& path) {
  std::vector<std::string> names;
  for (auto& e : std::filesystem::directory_iterator(path)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string movingai_dir() {
  const char* env = std::getenv("CATACOMB_MOVINGAI_DIR");
  std::string dir = env ? env : std::string(CATACOMB_SHARED_DIR) + "/bench/movingai";
  return std::filesystem::is_directory(dir) ? dir : "";
}

}  // namespace catacomb::test
