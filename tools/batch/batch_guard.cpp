// The batch's guards. The lock is a file created exclusively (O_EXCL semantics through a
// temporary file and a hard link, which fails when the name exists), holding the pid; a lock
// whose pid no longer runs is stale and replaced. Signal handlers only store to a lock-free
// atomic, the one thing a handler may safely do.
#include "tools/batch/batch_guard.hpp"

#include "shared/core/windows.hpp"
#if !defined(_WIN32)
#include <signal.h>
#include <unistd.h>
#endif

#include <csignal>
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <regex>

#include <catacomb/core/error.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/tiled.hpp>
#include "shared/core/file_access.hpp"

namespace catacomb::cli {
namespace {

namespace fs = std::filesystem;

uint64_t current_pid() {
#if defined(_WIN32)
  return ::GetCurrentProcessId();
#else
  return static_cast<uint64_t>(::getpid());
#endif
}

bool process_alive(uint64_t pid) {
  if (pid == 0) return false;
#if defined(_WIN32)
  HANDLE h = ::OpenProcess(SYNCHRONIZE, FALSE, static_cast<DWORD>(pid));
  if (!h) return false;
  const bool running = ::WaitForSingleObject(h, 0) == WAIT_TIMEOUT;
  ::CloseHandle(h);
  return running;
#else
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
#endif
}

uint64_t lock_holder(const std::string& path) {
  std::string text;
  try {
    text = read_file(path, ReadLimits{64, 0, "a lock file"});
  } catch (const Error&) { return 0; }
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  uint64_t pid = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), pid);
  return ec == std::errc() && end == text.data() + text.size() ? pid : 0;
}

// Creates `path` holding `contents` only if it does not exist (a complete file or none).
bool create_exclusive(const std::string& path, const std::string& contents) {
  // A name of the temporary pattern (removed by a later run if this one is killed here), unique
  // to this process: the pid in base 36.
  std::string temp = path + ".tmp-";
  uint64_t pid = current_pid();
  for (int i = 0; i < 6; ++i, pid /= 36) temp += "0123456789abcdefghijklmnopqrstuvwxyz"[pid % 36];
  write_file_atomic(temp, contents);
  std::error_code ec;
  fs::create_hard_link(temp, path, ec);
  fs::remove(temp);
  if (!ec) return true;
  if (ec == std::errc::file_exists) return false;
  throw IoError("create the lock file", path, ec.message());
}

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler may only touch lock-free atomics");

#if !defined(_WIN32)
struct sigaction g_old_int, g_old_term;

extern "C" void on_interrupt(int sig) {
  if (g_interrupted.exchange(true)) {  // a second one: stop now, as without the handler
    ::signal(sig, SIG_DFL);
    ::raise(sig);
  }
}
#else
void (*g_old_int)(int) = nullptr;
void (*g_old_term)(int) = nullptr;

extern "C" void on_interrupt(int sig) {
  if (g_interrupted.exchange(true)) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
  std::signal(sig, on_interrupt);
}
#endif

}  // namespace

BatchLock::BatchLock(const std::string& dir) : path_((fs::path(dir) / kBatchLockFile).generic_string()) {
  const std::string me = std::to_string(current_pid()) + "\n";
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (create_exclusive(path_, me)) return;
    const uint64_t holder = lock_holder(path_);
    if (holder != current_pid() && process_alive(holder))
      throw InvalidArgument(
          FieldProblem{"--out", dir,
                       "a directory no other batch is writing to; process " + std::to_string(holder) + " holds " +
                           path_ + " (wait for it, or remove the file if that process is not a catacomb batch)"});
    // Stale: its process is gone. Remove it and try again (another run may take it first).
    std::error_code ec;
    fs::remove(path_, ec);
  }
  throw IoError("take the lock", path_, "it keeps being taken by another run");
}

BatchLock::~BatchLock() {
  std::error_code ec;
  if (lock_holder(path_) == current_pid()) fs::remove(path_, ec);
}

bool is_batch_temporary(const std::string& name) {
  static const std::regex pattern(
      R"(^(seed-\d+(\.(png|json|txt|tmj|map)|-tileset\.png)|summary\.(csv|json)|seeds(\.exact)?\.jsonl|index\.html|)"
      R"(contact-sheet(-\d+)?\.png|\.catacomb-batch\.(journal|lock))\.tmp-[A-Za-z0-9]{6}$)");
  return std::regex_match(name, pattern);
}

int remove_stale_temporaries(const std::string& dir) {
  int removed = 0;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (!is_batch_temporary(e.path().filename().string())) continue;
    std::error_code rm;
    if (e.is_regular_file(rm) && fs::remove(e.path(), rm)) ++removed;
  }
  return removed;
}

void check_seed_paths(const BatchJob& job) {
  std::error_code ec;
  if (!fs::is_directory(job.dir, ec)) return;  // a new directory holds nothing in the way
  static const std::regex seed_name(R"(^seed-(\d+)(\.[a-z]+|-tileset\.png)$)");
  for (const fs::directory_entry& e : fs::directory_iterator(job.dir, ec)) {
    const std::string name = e.path().filename().string();
    std::smatch m;
    if (!std::regex_match(name, m, seed_name)) continue;
    uint64_t seed = 0;
    const std::string digits = m[1].str();
    if (std::from_chars(digits.data(), digits.data() + digits.size(), seed).ec != std::errc()) continue;
    if (job.listed.empty() ? seed < job.seeds.first || seed - job.seeds.first >= job.seeds.count
                           : std::find(job.listed.begin(), job.listed.end(), seed) == job.listed.end())
      continue;
    const OutputOptions o = seed_outputs(job, seed);
    const std::string path = e.path().generic_string();
    const std::string paths[] = {o.png, o.json, o.txt, o.tmj, o.tmj.empty() ? "" : tiled_tileset_path(o.tmj), o.map};
    bool ours = false;
    for (const std::string& p : paths)
      if (!p.empty() && fs::path(p).filename() == e.path().filename()) ours = true;
    if (!ours) continue;
    std::error_code st;
    if (!e.is_regular_file(st))
      throw InvalidArgument(FieldProblem{"--out", job.dir,
                                         "a directory where every seed's files can be written; " + path + " (seed " +
                                             std::to_string(seed) + ") is not a regular file"});
    if (!detail::is_writable(path, false))
      throw InvalidArgument(FieldProblem{"--out", job.dir,
                                         "a directory where every seed's files can be written; " + path + " (seed " +
                                             std::to_string(seed) + ") is not writable"});
  }
}

InterruptGuard::InterruptGuard() {
  g_interrupted = false;
#if defined(_WIN32)
  g_old_int = std::signal(SIGINT, on_interrupt);
  g_old_term = std::signal(SIGTERM, on_interrupt);
#else
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  ::sigaction(SIGINT, &sa, &g_old_int);
  ::sigaction(SIGTERM, &sa, &g_old_term);
#endif
}

InterruptGuard::~InterruptGuard() {
#if defined(_WIN32)
  std::signal(SIGINT, g_old_int);
  std::signal(SIGTERM, g_old_term);
#else
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
#endif
}

const std::atomic<bool>& InterruptGuard::requested() { return g_interrupted; }

}  // namespace catacomb::cli
