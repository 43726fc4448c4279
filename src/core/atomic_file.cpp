// Temporary files are created exclusively in the target's directory (so the rename is atomic),
// written, closed, then renamed over the target. The few calls that differ between systems sit in
// the platform layer below, one small function each:
// - POSIX: mkstemp, mode 0644 or the mode of the file replaced (fchmod), rename(2), unlink; a
//   target that is a device, pipe or socket (/dev/null, /dev/stdout, a FIFO) is written through,
//   never renamed over.
// - Windows: CreateFileW(CREATE_NEW) with a random suffix, MoveFileExW(MOVEFILE_REPLACE_EXISTING |
//   MOVEFILE_WRITE_THROUGH), which replaces an existing target atomically (std::rename does not:
//   it fails with "File exists"), DeleteFileW.
#include <catacomb/core/atomic_file.hpp>

#include "shared/core/windows.hpp"
#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include <catacomb/core/error.hpp>
#include "shared/core/file_access.hpp"
#include "core/errno_text.hpp"

namespace catacomb {
namespace {

std::string dir_of(const std::string& path) {
  std::filesystem::path p(path);
  auto parent = p.parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// --- platform layer ------------------------------------------------------------------------
#if defined(_WIN32)

std::wstring wide(const std::string& path) { return std::filesystem::path(path).wstring(); }

std::string last_error_text() {
  const DWORD code = ::GetLastError();
  char* text = nullptr;
  const DWORD n = ::FormatMessageA(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr, code, 0,
      reinterpret_cast<char*>(&text), 0, nullptr);
  std::string why = n > 0 && text ? std::string(text, n) : "Windows error " + std::to_string(code);
  if (text) ::LocalFree(text);
  while (!why.empty() && (why.back() == '\n' || why.back() == '\r' || why.back() == ' ' || why.back() == '.'))
    why.pop_back();
  return why;
}

void remove_temp(const std::string& temp) { ::DeleteFileW(wide(temp).c_str()); }

// A name no other writer uses: the process id, a counter and the clock, tried until one is new.
std::string write_temp(const std::string& path, std::string_view contents) {
  static std::atomic<unsigned> counter{0};
  HANDLE h = INVALID_HANDLE_VALUE;
  std::string temp;
  for (int attempt = 0; attempt < 100 && h == INVALID_HANDLE_VALUE; ++attempt) {
    const auto now = static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
    const unsigned long long mix = (now * 0x9E3779B97F4A7C15ull) ^
                                   (static_cast<unsigned long long>(::GetCurrentProcessId()) << 20) ^
                                   counter.fetch_add(1);
    char suffix[7];
    static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    for (int i = 0; i < 6; ++i) suffix[i] = kChars[(mix >> (6 * i)) % 36];
    suffix[6] = '\0';
    temp = path + ".tmp-" + suffix;
    h = ::CreateFileW(wide(temp).c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE && ::GetLastError() != ERROR_FILE_EXISTS) break;
  }
  if (h == INVALID_HANDLE_VALUE) throw IoError("create a temporary file for", path, last_error_text());
  const char* p = contents.data();
  size_t left = contents.size();
  while (left > 0) {
    const DWORD chunk = static_cast<DWORD>(std::min<size_t>(left, size_t{1} << 30));
    DWORD n = 0;
    if (!::WriteFile(h, p, chunk, &n, nullptr)) {
      std::string why = last_error_text();
      ::CloseHandle(h);
      remove_temp(temp);
      throw IoError("write", path, why);
    }
    p += n;
    left -= n;
  }
  if (!::CloseHandle(h)) {
    std::string why = last_error_text();
    remove_temp(temp);
    throw IoError("write", path, why);
  }
  return temp;
}

bool replace_with_temp(const std::string& temp, const std::string& path, std::string& why) {
  if (::MoveFileExW(wide(temp).c_str(), wide(path).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
    return true;
  why = last_error_text();
  return false;
}

}  // namespace

// Windows has no "write" permission on directories that stops creating files the way POSIX
// has; a file is not writable when it is read-only.
bool detail::is_writable(const std::string& path, bool directory) {
  const DWORD attrs = ::GetFileAttributesW(wide(path).c_str());
  if (attrs == INVALID_FILE_ATTRIBUTES) return false;
  return directory || (attrs & FILE_ATTRIBUTE_READONLY) == 0;
}

namespace {

#else  // POSIX

using detail::errno_text;

void remove_temp(const std::string& temp) { ::unlink(temp.c_str()); }

std::string write_temp(const std::string& path, std::string_view contents) {
  std::string templ = path + ".tmp-XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  int fd = ::mkstemp(buf.data());
  if (fd < 0) throw IoError("create a temporary file for", path, errno_text());
  std::string temp(buf.data());
  mode_t mode = 0644;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) mode = st.st_mode & 07777;
  ::fchmod(fd, mode);
  const char* p = contents.data();
  size_t left = contents.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      std::string why = errno_text();
      ::close(fd);
      remove_temp(temp);
      throw IoError("write", path, why);
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (::close(fd) != 0) {
    std::string why = errno_text();
    remove_temp(temp);
    throw IoError("write", path, why);
  }
  return temp;
}

// Whether `path` (symbolic links followed) is a device, a pipe or a socket: /dev/null, /dev/stdout,
// a FIFO. A rename would put a regular file in its place (as root, /dev/null itself), so such a
// target is written through instead: there is no old version to keep whole.
bool is_special(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

// Copies the temporary file into the special file `path`, then removes it.
bool write_through(const std::string& temp, const std::string& path, std::string& why) {
  const int in = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC);
  const int out = in < 0 ? -1 : ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  bool ok = in >= 0 && out >= 0;
  char buf[65536];
  while (ok) {
    const ssize_t n = ::read(in, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = n == 0;
      break;
    }
    for (ssize_t done = 0; ok && done < n;) {
      const ssize_t w = ::write(out, buf + done, static_cast<size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      ok = w > 0;
      done += w > 0 ? w : 0;
    }
  }
  if (!ok) why = errno_text();
  if (out >= 0 && ::close(out) != 0 && ok) ok = false, why = errno_text();
  if (in >= 0) ::close(in);
  remove_temp(temp);
  return ok;
}

bool replace_with_temp(const std::string& temp, const std::string& path, std::string& why) {
  if (is_special(path)) return write_through(temp, path, why);
  if (::rename(temp.c_str(), path.c_str()) == 0) return true;
  why = errno_text();
  return false;
}

}  // namespace

bool detail::is_writable(const std::string& path, bool directory) {
  return ::access(path.c_str(), directory ? W_OK | X_OK : W_OK) == 0;
}

namespace {

#endif
// --- end of the platform layer ---------------------------------------------------------------

void rename_over(const std::string& temp, const std::string& path) {
  std::string why;
  if (!replace_with_temp(temp, path, why)) {
    remove_temp(temp);
    throw IoError("rename a temporary file to", path, why);
  }
}

}  // namespace

void write_file_atomic(const std::string& path, std::string_view contents) {
  rename_over(write_temp(path, contents), path);
}

void check_writable_path(const std::string& what, const std::string& path) {
  auto bad = [&](const std::string& why) {
    throw InvalidArgument(FieldProblem{what, path, "a file path in an existing, writable directory; " + why});
  };
  if (path.empty()) bad("the path is empty");
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) bad("it is a directory");
  std::string dir = dir_of(path);
  if (!std::filesystem::is_directory(dir, ec)) bad("directory '" + dir + "' does not exist");
  if (!detail::is_writable(dir, true)) bad("directory '" + dir + "' is not writable");
  if (std::filesystem::exists(path, ec) && !detail::is_writable(path, false)) bad("the file is not writable");
}

OutputBatch::~OutputBatch() {
  for (const Staged& s : staged_) remove_temp(s.temp);
}

void OutputBatch::stage(const std::string& path, std::string_view contents) {
  staged_.push_back({write_temp(path, contents), path});
}

std::string OutputBatch::stage_empty(const std::string& path) {
  staged_.push_back({write_temp(path, {}), path});
  return staged_.back().temp;
}

namespace {

// A second name for an existing `target` (a hard link, named like a temporary file so a later run
// cleans it up if this one is killed), or "" when there is no file to keep or no link can be made.
std::string keep_old_version(const std::string& target) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(target, ec)) return "";
  static std::atomic<unsigned> counter{0};
  static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  for (int attempt = 0; attempt < 100; ++attempt) {
    unsigned long long mix = static_cast<unsigned long long>(
                                 std::chrono::steady_clock::now().time_since_epoch().count()) *
                                 0x9E3779B97F4A7C15ull ^
                             counter.fetch_add(1);
    std::string keep = target + ".tmp-";
    for (int i = 0; i < 6; ++i, mix /= 36) keep += kChars[mix % 36];
    std::filesystem::create_hard_link(target, keep, ec);
    if (!ec) return keep;
    if (ec != std::errc::file_exists) return "";
  }
  return "";
}

}  // namespace

void OutputBatch::commit() {
  // Each target's old version is kept under a second name until every rename has succeeded, so a
  // failure part-way puts the files already renamed back as they were: all of them or none.
  struct Renamed {
    std::string target, old_version;  // old_version "" when the target did not exist
    bool existed = false;
  };
  std::vector<Renamed> renamed;
  auto forget_old_versions = [&] {
    for (const Renamed& r : renamed)
      if (!r.old_version.empty()) remove_temp(r.old_version);
  };
  try {
    while (!staged_.empty()) {
      Staged s = staged_.front();
      std::error_code ec;
      Renamed r{s.target, keep_old_version(s.target), std::filesystem::exists(s.target, ec)};
      staged_.erase(staged_.begin());
      try {
        rename_over(s.temp, s.target);
      } catch (...) {
        if (!r.old_version.empty()) remove_temp(r.old_version);
        throw;
      }
      renamed.push_back(std::move(r));
    }
  } catch (...) {
    for (auto it = renamed.rbegin(); it != renamed.rend(); ++it) {
      std::string why;
      if (!it->old_version.empty()) replace_with_temp(it->old_version, it->target, why);
      else if (!it->existed) remove_temp(it->target);
    }
    throw;
  }
  forget_old_versions();
}

}  // namespace catacomb
