// Temporary files are created with mkstemp in the target's directory (so rename(2) is atomic on
// POSIX file systems), given mode 0644 or the mode of the file they replace, flushed and closed
// before the rename.
#include <catacomb/io/atomic_file.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

std::string dir_of(const std::string& path) {
  std::filesystem::path p(path);
  auto parent = p.parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

std::string errno_text() { return std::strerror(errno); }

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
      ::unlink(temp.c_str());
      throw IoError("write", path, why);
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (::close(fd) != 0) {
    std::string why = errno_text();
    ::unlink(temp.c_str());
    throw IoError("write", path, why);
  }
  return temp;
}

void rename_over(const std::string& temp, const std::string& path) {
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::string why = errno_text();
    ::unlink(temp.c_str());
    throw IoError("rename a temporary file to", path, why);
  }
}

}  // namespace

void write_file_atomic(const std::string& path, std::string_view contents) {
  rename_over(write_temp(path, contents), path);
}

std::string read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw IoError("read", path, "it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError("read", path, errno_text());
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw IoError("read", path, errno_text());
  return s.str();
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
  if (::access(dir.c_str(), W_OK | X_OK) != 0) bad("directory '" + dir + "' is not writable");
  if (::access(path.c_str(), F_OK) == 0 && ::access(path.c_str(), W_OK) != 0) bad("the file is not writable");
}

OutputBatch::~OutputBatch() {
  for (const Staged& s : staged_) ::unlink(s.temp.c_str());
}

void OutputBatch::stage(const std::string& path, std::string_view contents) {
  staged_.push_back({write_temp(path, contents), path});
}

void OutputBatch::commit() {
  while (!staged_.empty()) {
    Staged s = staged_.front();
    staged_.erase(staged_.begin());
    rename_over(s.temp, s.target);
  }
}

}  // namespace catacomb
