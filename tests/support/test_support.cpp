#include "support/test_support.hpp"

#if !defined(_WIN32)
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
extern char** environ;
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

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
CliResult run_program(const std::string&, const std::vector<std::string>&, const std::vector<std::string>&, int) {
  throw std::runtime_error("run_program is POSIX-only (fork/exec); the cross-built tests filter these tests out");
}
#else
// `exe` as execve needs it: as given when it holds a '/', else the first executable file of that
// name on PATH (as execvp would search, but here, before fork).
std::string resolve_exe(const std::string& exe) {
  if (exe.find('/') != std::string::npos) return exe;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (size_t begin = 0; begin <= dirs.size();) {
    size_t end = dirs.find(':', begin);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir = end > begin ? dirs.substr(begin, end - begin) : ".";
    const std::string candidate = dir + "/" + exe;
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    begin = end + 1;
  }
  return exe;  // execve fails on it, and the child exits 127
}

CliResult run_program(const std::string& exe, const std::vector<std::string>& args, const std::vector<std::string>& env,
                      int timeout_s) {
  TempDir tmp;
  const std::string out_path = tmp.file("stdout"), err_path = tmp.file("stderr");
  // Everything the child needs is made before fork, files included: tests call this from several
  // threads at once, and a child of a threaded process may make only async-signal-safe calls
  // until it execs (no stdio, no allocation: another thread may have held their locks at the
  // fork). The descriptors are close-on-exec, so that a child another thread forks meanwhile
  // does not keep them.
  std::vector<std::string> copy = args;
  std::vector<char*> argv;
  std::string exe_path = resolve_exe(exe);
  argv.push_back(exe_path.data());
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  // This process's environment with `env` in place of what it names (getenv reads the first of
  // two entries of one name, so a duplicate would not override).
  auto name_of = [](const std::string& e) { return e.substr(0, e.find('=')); };
  std::vector<std::string> env_copy;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e, name = name_of(entry);
    if (std::none_of(env.begin(), env.end(), [&](const std::string& o) { return name_of(o) == name; }))
      env_copy.push_back(entry);
  }
  env_copy.insert(env_copy.end(), env.begin(), env.end());
  std::vector<char*> envp;
  for (auto& e : env_copy) envp.push_back(e.data());
  envp.push_back(nullptr);
  const int in_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  const int out_fd = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  auto close_all = [&] {
    for (int fd : {in_fd, out_fd, err_fd})
      if (fd >= 0) ::close(fd);
  };
  if (in_fd < 0 || out_fd < 0 || err_fd < 0) {
    close_all();
    throw std::runtime_error("cannot open the child's standard streams in " + tmp.path());
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    close_all();
    throw std::runtime_error("fork failed");
  }
  if (pid == 0) {
    // dup2 clears close-on-exec on the copy: these three survive the exec.
    if (::dup2(in_fd, 0) < 0 || ::dup2(out_fd, 1) < 0 || ::dup2(err_fd, 2) < 0) ::_exit(127);
    ::execve(exe_path.c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  close_all();
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      throw std::runtime_error(exe + " did not finish within " + std::to_string(timeout_s) + " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  return r;
}
#endif

CliResult run_exe(const std::vector<std::string>& args) { return run_program(CATACOMB_EXE, args); }

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

// On POSIX through a close-on-exec descriptor: tests read files while other threads start
// children (run_program), and a child would keep std::ifstream's descriptor across its exec
// (RunProgramTest caught one, another run's stdout, in a child's /proc/self/fd).
std::string slurp(const std::string& path) {
#if defined(_WIN32)
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
#else
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot read " + path);
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      if (n < 0) throw std::runtime_error("cannot read " + path);
      return text;
    }
    text.append(buf, static_cast<size_t>(n));
  }
#endif
}

bool file_exists(const std::string& path) { return std::filesystem::exists(path); }

void write_text(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

void write_placeholder(const std::string& path) { std::ofstream(path, std::ios::binary) << "placeholder"; }

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
