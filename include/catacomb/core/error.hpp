#pragma once
/// Error types of catacomb. Expected negative outcomes (no path, an unreachable objective) are
/// statuses inside returned values; these exceptions are for bad input and failed I/O only.
#include <catacomb/export.hpp>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Longest message an Error carries, in bytes; longer ones are cut and end in "...".
inline constexpr size_t kMaxErrorMessageBytes = 1000;

/// `text` as one readable line whatever bytes it holds: control bytes, DEL and bytes that are
/// not part of valid UTF-8 are written as escapes ("\x00", "\n", "\t", "\xEF"); valid UTF-8 is
/// kept. Cut to at most `max_bytes` bytes (never inside an escape or a character), then "...".
std::string printable_text(std::string_view text, size_t max_bytes = kMaxErrorMessageBytes);

/// Base of every exception catacomb throws. The message is printable_text(message): one line,
/// NUL and control bytes of the input escaped, at most kMaxErrorMessageBytes.
class Error : public std::runtime_error {
 public:
  /// An error with `message`, made printable (see printable_text).
  explicit Error(const std::string& message) : std::runtime_error(printable_text(message)) {}
};

/// One bad field of a config or argument, as data: the message reads
/// "<field> = <value> (expected <expected>)" (see to_string).
struct FieldProblem {
  /// The field as the library names it: a config member ("room_count"), an argument ("start"),
  /// or a description of one ("image size", "sources[2]").
  std::string field;
  /// The value given, as text ("150", "(3,4)", "lava").
  std::string value;
  /// What would have been accepted ("0 to 100", "rooms or caves").
  std::string expected;

  /// Equal when field, value and expectation are equal.
  bool operator==(const FieldProblem&) const = default;
};

/// "<field> = <value> (expected <expected>)".
inline std::string to_string(const FieldProblem& p) {
  return p.field + " = " + p.value + " (expected " + p.expected + ")";
}

/// Every problem formatted by to_string, joined with "; ".
inline std::string to_string(const std::vector<FieldProblem>& problems) {
  std::string s;
  for (const FieldProblem& p : problems) s += (s.empty() ? "" : "; ") + to_string(p);
  return s;
}

/// A bad argument, config field or input file content. When it is about fields, problems()
/// lists them as data and the message is to_string(problems()): "<field> = <value> (expected
/// <limit>)", several joined with "; ". Input that is bad without being one field (a malformed
/// map file) gives a plain message and no problems. The CLI maps it to exit code 2.
class InvalidArgument : public Error {
 public:
  /// A plain message, not about one field: problems() is empty.
  explicit InvalidArgument(const std::string& message) : Error(message) {}
  /// One bad field.
  explicit InvalidArgument(FieldProblem problem) : InvalidArgument(std::vector<FieldProblem>{std::move(problem)}) {}
  /// Every bad field, in order (at least one).
  explicit InvalidArgument(std::vector<FieldProblem> problems)
      : Error(to_string(problems)), problems_(std::make_shared<const std::vector<FieldProblem>>(std::move(problems))) {}

  /// The bad fields, in the order of the message; empty for a plain message.
  const std::vector<FieldProblem>& problems() const {
    static const std::vector<FieldProblem> none;
    return problems_ ? *problems_ : none;
  }

 private:
  // Shared, so copying the exception cannot throw.
  std::shared_ptr<const std::vector<FieldProblem>> problems_;
};

/// A file could not be read or written. The message names the operation and the path.
/// The CLI maps it to exit code 3.
class IoError : public Error {
 public:
  /// "cannot <operation> '<path>': <reason>", e.g. operation "write", reason strerror's text.
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
  /// An error with a message (made printable, as Error's).
  using Error::Error;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
