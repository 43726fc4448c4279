// The output directory of batch and tileset (--out): checked before any work, created only when
// the work is about to be written (see out_dir.hpp).
#include "tools/out_dir.hpp"

#include <filesystem>
#include <system_error>

#include <catacomb/core/error.hpp>
#include "shared/core/file_access.hpp"

namespace catacomb::cli {

namespace fs = std::filesystem;

std::string parent_dir(const std::string& dir) {
  fs::path p = fs::path(dir).lexically_normal();
  if (!p.has_filename()) p = p.parent_path();  // "a/b/" -> "a/b"
  const fs::path parent = p.parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

bool check_out_dir(const std::string& dir) {
  auto bad = [&](const std::string& why) {
    throw InvalidArgument(
        FieldProblem{"--out", dir, "a writable directory, or a new one inside an existing directory; " + why});
  };
  if (dir.empty()) bad("the path is empty");
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (fs::exists(st)) {
    if (!fs::is_directory(st)) bad("it is a file");
    if (!detail::is_writable(dir, true)) bad("it is not writable");
    return false;
  }
  const std::string parent = parent_dir(dir);
  if (!fs::is_directory(parent, ec)) bad("its parent '" + parent + "' does not exist");
  if (!detail::is_writable(parent, true)) bad("its parent '" + parent + "' is not writable");
  return true;
}

void create_out_dir(const std::string& dir) {
  std::error_code ec;
  fs::create_directory(dir, ec);
  if (ec) throw IoError("create the directory", dir, ec.message());
}

}  // namespace catacomb::cli
