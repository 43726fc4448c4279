#pragma once
/// Error types of catacomb. Expected negative outcomes (no path, an unreachable objective) are
/// statuses inside returned values; these exceptions are for bad input and failed I/O only.
#include <catacomb/export.hpp>
#include <stdexcept>
#include <string>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Base of every exception catacomb throws.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A bad argument, config field or input file content. The message reads
/// "<field> = <value> (expected <limit>)"; several problems are joined with "; ".
/// The CLI maps it to exit code 2.
class InvalidArgument : public Error {
 public:
  using Error::Error;
};

/// A file could not be read or written. The message names the operation and the path.
/// The CLI maps it to exit code 3.
class IoError : public Error {
 public:
  IoError(const std::string& operation, const std::string& path, const std::string& reason)
      : Error("cannot " + operation + " '" + path + "': " + reason), path_(path) {}
  /// The file the failed operation was about.
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// A generator used up its attempt budget without producing a valid dungeon. The message says
/// why the last attempt failed. The CLI maps it to exit code 1.
class GenerationError : public Error {
 public:
  using Error::Error;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
