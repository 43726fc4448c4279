// The platformer movement model's integer fields in one table (name, member, limits), which
// gives check(), the params keys, and the reading and recording of a map's movement params
// ("movement" = "platformer" or "grid", then each field).
#include <catacomb/platformer/movement_model.hpp>

#include <cstdint>
#include <variant>

namespace catacomb {
namespace {

struct IntField {
  const char* name;
  int MovementModel::*member;
  int lo, hi;
  const char* expected;
};

// One table for the limits, the params keys and check(): the one home of the fields.
constexpr IntField kFields[] = {
    {"jump_height", &MovementModel::jump_height, 1, 64, "1 to 64"},
    {"jump_distance", &MovementModel::jump_distance, 0, 64, "0 to 64"},
    {"body_height", &MovementModel::body_height, 1, 2, "1 or 2"},
    {"max_fall", &MovementModel::max_fall, 0, 16384, "0 (no limit) to 16384"},
    {"jump_penalty", &MovementModel::jump_penalty, 0, 1000, "0 to 1000"},
};

}  // namespace

std::vector<FieldProblem> MovementModel::problems() const {
  std::vector<FieldProblem> out;
  for (const IntField& f : kFields) {
    const int v = this->*f.member;
    if (v < f.lo || v > f.hi) out.push_back({f.name, std::to_string(v), f.expected});
  }
  return out;
}

void MovementModel::check() const {
  if (auto p = problems(); !p.empty()) throw InvalidArgument(std::move(p));
}

std::optional<MovementModel> recorded_movement(const Params& params) {
  bool side_view = false;
  for (const auto& [key, value] : params) {
    if (key != kMovementParam) continue;
    const auto* s = std::get_if<std::string>(&value);
    if (!s || (*s != kPlatformerMovement && *s != "grid"))
      throw InvalidArgument(FieldProblem{"params.movement", s ? *s : "a non-string", "\"platformer\" or \"grid\""});
    side_view = *s == kPlatformerMovement;
  }
  if (!side_view) return std::nullopt;
  MovementModel m;
  std::vector<FieldProblem> problems;
  for (const auto& [key, value] : params) {
    for (const IntField& f : kFields) {
      if (key != f.name) continue;
      const auto* i = std::get_if<int64_t>(&value);
      if (!i || *i < f.lo || *i > f.hi) {
        problems.push_back({std::string("params.") + f.name, i ? std::to_string(*i) : "a non-integer", f.expected});
        continue;
      }
      m.*f.member = static_cast<int>(*i);
    }
  }
  if (!problems.empty()) throw InvalidArgument(std::move(problems));
  return m;
}

void record_movement(Params& params, const MovementModel& model) {
  auto put = [&params](const std::string& key, ParamValue v) {
    for (auto& [k, old] : params)
      if (k == key) {
        old = std::move(v);
        return;
      }
    params.emplace_back(key, std::move(v));
  };
  put(kMovementParam, std::string(kPlatformerMovement));
  for (const IntField& f : kFields) put(f.name, int64_t{model.*f.member});
}

std::vector<std::string> movement_param_keys() {
  std::vector<std::string> keys{kMovementParam};
  for (const IntField& f : kFields) keys.emplace_back(f.name);
  return keys;
}

}  // namespace catacomb
