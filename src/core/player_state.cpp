// PlayerState: keys held, doors opened and switch states, checked against a map. O(keys + opened * locks).
// No hidden state: the same map and state always give the same problems.
#include <catacomb/core/player_state.hpp>

#include <algorithm>
#include <cstdio>

#include <string>
#include "shared/core/problems.hpp"

namespace catacomb {

void PlayerState::add_key(int lock, int count) {
  if (lock < 1 || lock > kMaxLock)
    throw InvalidArgument(FieldProblem{"lock", std::to_string(lock), "1 to " + std::to_string(kMaxLock)});
  const int now = keys[static_cast<size_t>(lock)];
  if (count < 0 || count > kMaxKeysPerLock - now)
    throw InvalidArgument(
        FieldProblem{"count", std::to_string(count), "0 to " + std::to_string(kMaxKeysPerLock - now) + " more keys"});
  keys[static_cast<size_t>(lock)] = now + count;
}

bool PlayerState::is_opened(Point p) const { return std::find(opened.begin(), opened.end(), p) != opened.end(); }

std::vector<FieldProblem> PlayerState::problems(const Dungeon& d) const {
  std::vector<FieldProblem> out;
  if (keys[0] != 0) out.push_back({"keys[0]", std::to_string(keys[0]), "0 (lock ids run from 1)"});
  for (size_t i = 1; i < keys.size(); ++i)
    if (keys[i] < 0 || keys[i] > kMaxKeysPerLock)
      out.push_back(
          {"keys[" + std::to_string(i) + "]", std::to_string(keys[i]), "0 to " + std::to_string(kMaxKeysPerLock)});
  for (size_t i = 0; i < opened.size(); ++i)
    if (d.lock_at(opened[i]) == 0)
      out.push_back({"opened[" + std::to_string(i) + "]", to_string(opened[i]), "a locked door of the map"});
  if ((switches >> kMaxSwitch) != 0) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%x", switches);
    out.push_back({"switches", hex, "bits of switches 1 to " + std::to_string(kMaxSwitch)});
  }
  return out;
}

void PlayerState::check(const Dungeon& d) const { throw_if_problems(problems(d)); }

PlayerState all_keys_state(const Dungeon& d) {
  PlayerState s;
  for (const Objective& o : d.objectives)
    if (o.kind == ObjectiveKind::Key && o.lock >= 1 && o.lock <= kMaxLock &&
        s.keys[static_cast<size_t>(o.lock)] < PlayerState::kMaxKeysPerLock)
      ++s.keys[static_cast<size_t>(o.lock)];
  return s;
}

}  // namespace catacomb
