#pragma once
/// PlayerState: what a player carries and has changed on a map (keys held, doors opened), the
/// state key-aware routes are found under. A plain value: further progression state (switches,
/// ...) becomes further fields, with every existing field keeping its meaning.
#include <catacomb/export.hpp>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/geometry.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// What a player holds, has opened and has switched on.
struct PlayerState {
  /// Keys held per lock id: keys[i] keys of lock i (1 to kMaxLock; keys[0] is unused and must be
  /// 0). Under KeyRule::Reusable one key of a lock opens every door of it; under Consumable each
  /// key opens one door. [Limit: 0 to kMaxKeysPerLock each]
  std::array<int, kMaxLock + 1> keys{};
  /// Locked doors already opened: open for good, whatever the keys (cells of Dungeon::locks).
  std::vector<Point> opened;
  /// Switch states: bit s - 1 set when switch s is on (every switch starts off).
  /// [Limit: bits 0 to kMaxSwitch - 1]
  uint32_t switches = 0;

  /// Most keys of one lock a state may hold.
  static constexpr int kMaxKeysPerLock = 1000;

  /// Adds `count` keys of lock `lock`. Throws InvalidArgument "lock = 12 (expected 1 to 9)".
  void add_key(int lock, int count = 1);
  /// True when the door at `p` is in `opened`.
  bool is_opened(Point p) const;
  /// Every bad field ("keys[3] = -1 (expected 0 to 1000)", "opened[0] = 5,5 (expected a locked
  /// door of the map)", "switches = 0x400 (expected bits of switches 1 to 9)"), checked against
  /// `d`; empty when valid.
  std::vector<FieldProblem> problems(const Dungeon& d) const;
  /// Throws InvalidArgument listing every problem.
  void check(const Dungeon& d) const;
  /// Equal when keys, opened doors and switch states are equal.
  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

/// The state of a player holding every key of `d`: one per key objective with a lock id (so
/// under consumable keys, as many of a lock as the map has), no door opened.
PlayerState all_keys_state(const Dungeon& d);

}  // namespace catacomb
CATACOMB_PUBLIC_END
