// Checking that a dungeon cannot be lost from the states its certificate lists: one pass over the
// list, no search. Written from the rules (docs/proofs.md), apart from the proof that made the
// list (validate/solver/unlosable.cpp): it shares only the rules of the map (moves.hpp's
// diagonal_allowed, dungeon.hpp's gate_open and one_way_step_allowed).
//
// Where a player stands, in this check's own terms (a place):
// - the cell of each door that can be used (a locked door of lock 1-9, a gate of switch 1-9, a
//   one-way door with a direction, a secret door; on a cell holding two doors, the first listed:
//   locked doors, then Dungeon::doors) and of each objective on another passable cell is a place
//   of its own; a door that cannot be used is wall;
// - the other passable cells form areas: the components of the steps between them, a diagonal
//   step counting a door's cell beside it as closed and an objective's as open.
// A state is a place, the switches on, the locked doors opened, the secret doors found and the
// objectives taken. A move steps to a neighbouring place (a shut gate never, a closed locked door
// with a key of its lock held, which it opens and, under the consumable rule, spends; a one-way
// door only its way; a secret door always, found by it) and takes what lies on the place entered;
// or, standing on a switch, toggles it. A finishing playthrough never enters a secret door it has
// not found. Finished: every objective but the start and the exit taken, standing on the exit.
//
// The certificate lists states; a state u is "below" a listed state w when they are alike in
// everything (place, switches, doors opened and found, keys taken) but the objectives that are
// not keys (treasure, switches visited, keys of no lock), of which w has taken no more than u.
// The check: play's first state is listed first; every move of every listed state leads to a
// state with a listed state below it; and each listed state's next move is one a finishing
// playthrough may take, to exactly the listed state it names, of lower rank, down to finished
// states at rank 0.
//
// Why that proves that no player can lose the dungeon:
// 1. Places. Walking inside an area changes nothing and reaches every cell of it (its steps are
//    legal in every state: door corners are taken as closed), so a player's state is its
//    place's. A real step between cells of two places that the links leave out is a diagonal
//    past the corner of a door passable then (an open gate, an opened locked door): the two
//    straight steps through the door's cell go there too, changing nothing else.
// 2. Below. If w is below u, every move u can make w can make too (the same place, switches,
//    doors and keys held: an objective that is not a key opens nothing), and the states they
//    lead to are again one below the other. So every state a player can reach has a listed state
//    below it: the first state is listed, and a move from a state above a listed w is matched by
//    w's same move, to a state above a listed one (the check). And a state above one that can
//    finish can finish (the same moves, taking at least as much).
// 3. Ranks. Each listed state's next move leads to a listed state of lower rank, so following
//    them ends, at rank 0, finished: every listed state can finish, never counting on a secret
//    door it has not found. By 2, so can every state a player reaches.
#include "io/verify_unlosable.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <utility>
#include <vector>

#include <catacomb/pathing/moves.hpp>
#include "io/certificate_fields.hpp"
#include "io/verify_places.hpp"

namespace catacomb::verifying {
namespace {

using json = detail::Json;
using certificate_fields::bad;

using namespace places;  // the map's places (verify_places.hpp)

// The listed states, packed: word 0 the place (low 32 bits) and the switches, then the words of
// the locked doors opened, the secret doors found and the objectives taken.
class States {
 public:
  States(const Dungeon& d, KeyRule rule, const Places& places, size_t count) : d_(d), rule_(rule), places_(places) {
    lock_words_ = (d.locks.size() + 63) / 64;
    door_words_ = (d.doors.size() + 63) / 64;
    objective_words_ = (d.objectives.size() + 63) / 64;
    words_ = 1 + lock_words_ + door_words_ + objective_words_;
    keys_.reserve(count * words_);
    size_t table = 16;
    while (table < 2 * count) table *= 2;
    table_.assign(table, -1);
    others_.assign(words_, 0);
    for (size_t o = 0; o < d.objectives.size(); ++o)
      if (!is_key(d.objectives[o])) set(others_.data(), taken_at() + o);
  }

  size_t words() const { return words_; }
  size_t count() const { return keys_.size() / words_; }
  const uint64_t* key(size_t i) const { return &keys_[i * words_]; }
  std::vector<uint64_t> blank() const { return std::vector<uint64_t>(words_, 0); }

  // The state list[i] names, packed into `k`; the reason a valid-looking state names nothing
  // the map has, or nullopt. Throws InvalidArgument for a malformed entry.
  std::optional<std::string> read(const json& v, size_t i, size_t n, std::vector<uint64_t>& k, int32_t& next,
                                  int32_t& rank) const {
    // The messages are made only for a value that is wrong.
    auto where = [&](int f) {
      return "unlosable.list[" + std::to_string(i) + "]" + (f < 0 ? std::string() : "[" + std::to_string(f) + "]");
    };
    if (!v.is_array() || v.size() != 8)
      bad(where(-1), v, "[x, y, switches, opened, found, taken, next, rank], eight values");
    auto integer = [&](int f, int64_t lo, int64_t hi, auto what) {
      const json& e = v[static_cast<size_t>(f)];
      if (!e.is_number_integer() || e.get<int64_t>() < lo || e.get<int64_t>() > hi) bad(where(f), e, what());
      return e.get<int64_t>();
    };
    constexpr int64_t kFar = 4 * int64_t{kMaxSide};
    auto side = [] { return "an integer, " + std::to_string(-kFar) + " to " + std::to_string(kFar); };
    const Point at{static_cast<int>(integer(0, -kFar, kFar, side)), static_cast<int>(integer(1, -kFar, kFar, side))};
    const uint32_t switches = static_cast<uint32_t>(integer(2, 0, (1 << kMaxSwitch) - 1, [] {
      return "the switches on as an integer, bit s - 1 for switch s: 0 to " + std::to_string((1 << kMaxSwitch) - 1);
    }));
    std::fill(k.begin(), k.end(), 0);
    if (!read_set(v[3], d_.locks.size(), &k[1]))
      bad(where(3), v[3], set_expected("the map's locked doors", d_.locks.size()));
    if (!read_set(v[4], d_.doors.size(), &k[1 + lock_words_]))
      bad(where(4), v[4], set_expected("the map's doors", d_.doors.size()));
    if (!read_set(v[5], d_.objectives.size(), &k[1 + lock_words_ + door_words_]))
      bad(where(5), v[5], set_expected("the map's objectives", d_.objectives.size()));
    const int64_t last = static_cast<int64_t>(n) - 1;
    next = static_cast<int32_t>(
        integer(6, -1, last, [&] { return "a state's index, 0 to " + std::to_string(last) + ", or -1"; }));
    rank = static_cast<int32_t>(integer(7, 0, last, [&] { return "a rank, 0 to " + std::to_string(last); }));
    const int32_t p = places_.place_at(at);
    if (p < 0) return "it stands at " + to_string(at) + ", where no player can stand";
    k[0] = static_cast<uint32_t>(p) | uint64_t{switches} << 32;
    for (size_t j = 0; j < d_.doors.size(); ++j)
      if (bit(k.data(), found_at() + j) && d_.doors[j].kind != DoorKind::Secret)
        return "it has found door " + std::to_string(j) + " at " + to_string(d_.doors[j].pos) + ", not a secret door";
    for (size_t j = 0; j < d_.objectives.size(); ++j) {
      const ObjectiveKind o = d_.objectives[j].kind;
      if (bit(k.data(), taken_at() + j) && (o == ObjectiveKind::Start || o == ObjectiveKind::Exit))
        return "it has taken objective " + std::to_string(j) + ", the " + std::string(objective_kind_name(o)) +
               ", which is never taken";
    }
    return std::nullopt;
  }

  // Adds state k; the state it repeats, or -1.
  int32_t insert(const std::vector<uint64_t>& k) {
    const size_t h = slot(k.data());
    int32_t* last = &table_[h];
    for (int32_t j = table_[h]; j >= 0; last = &alike_[static_cast<size_t>(j)], j = *last)
      if (std::equal(k.begin(), k.end(), key(static_cast<size_t>(j)))) return j;
    *last = static_cast<int32_t>(count());
    keys_.insert(keys_.end(), k.begin(), k.end());
    alike_.push_back(-1);
    return -1;
  }
  // A listed state below state k, or -1: one alike in everything but the objectives that are not
  // keys, of which it has taken no more than k has.
  int32_t below(const uint64_t* k) const {
    for (int32_t j = table_[slot(k)]; j >= 0; j = alike_[static_cast<size_t>(j)]) {
      const uint64_t* kj = key(static_cast<size_t>(j));
      bool ok = true;
      for (size_t w = 0; w < words_ && ok; ++w) ok = (kj[w] & others_[w] & ~k[w]) == 0;
      if (ok) return j;
    }
    return -1;
  }

  // Where play begins: at the start, the objectives on its cell taken.
  std::vector<uint64_t> first() const {
    std::vector<uint64_t> k = blank();
    enter(k.data(), places_.start());
    return k;
  }
  // A move: to a place (entering, opening or finding it) or toggling a switch.
  struct Move {
    enum Kind : uint8_t { Enter, Open, Find, Toggle } kind = Enter;
    int32_t target = 0;  // the place entered, or the switch toggled
    bool finishing = true;
  };
  // Each move from state k into `moves`, the state it leads to into `to` (words() words each).
  void moves(const uint64_t* k, std::vector<Move>& moves, std::vector<uint64_t>& to) const {
    moves.clear();
    to.clear();
    const int32_t p = static_cast<int32_t>(k[0] & 0xFFFFFFFFu);
    const uint32_t switches = static_cast<uint32_t>(k[0] >> 32);
    for (int32_t t : places_.links(p)) {
      const Place& tp = places_.place(t);
      if (tp.kind == Kind::Gate && !gate_open(d_.doors[static_cast<size_t>(tp.door)], switches)) continue;
      Move m{Move::Enter, t, true};
      const bool opens = tp.kind == Kind::Lock && !bit(k, static_cast<size_t>(tp.door));
      if (opens && held(k, d_.locks[static_cast<size_t>(tp.door)].lock) <= 0) continue;
      const size_t at = to.size();
      to.insert(to.end(), k, k + words_);
      uint64_t* u = &to[at];
      if (opens) {
        set(u, static_cast<size_t>(tp.door));
        m.kind = Move::Open;
      }
      if (tp.kind == Kind::Secret && !bit(k, found_at() + static_cast<size_t>(tp.door))) {
        set(u, found_at() + static_cast<size_t>(tp.door));
        m.kind = Move::Find;
        m.finishing = false;
      }
      enter(u, t);
      moves.push_back(m);
    }
    const uint32_t here = places_.place(p).toggles;
    for (int s = 1; s <= kMaxSwitch; ++s)
      if ((here >> (s - 1)) & 1u) {
        to.insert(to.end(), k, k + words_);
        to[to.size() - words_] ^= uint64_t{1} << (32 + s - 1);
        moves.push_back(Move{Move::Toggle, s, true});
      }
  }
  // "opening locked door 2 at 5,3", "toggling switch 1".
  std::string what(const Move& m) const {
    switch (m.kind) {
      case Move::Enter: return "entering " + places_.name(m.target);
      case Move::Open: return "opening " + places_.name(m.target);
      case Move::Find: return "finding " + places_.name(m.target);
      case Move::Toggle: break;
    }
    return "toggling switch " + std::to_string(m.target);
  }
  // Why state k is not finished, or nullopt when it is.
  std::optional<std::string> unfinished(const uint64_t* k) const {
    if (!places_.finishable()) return "an objective of the map stands on no passable cell";
    for (int o : places_.required())
      if (!bit(k, taken_at() + static_cast<size_t>(o)))
        return std::string(objective_kind_name(d_.objectives[static_cast<size_t>(o)].kind)) + " at " +
               to_string(d_.objectives[static_cast<size_t>(o)].pos) + " (objective " + std::to_string(o) +
               ") is not taken";
    if (places_.exit() >= 0 && static_cast<int32_t>(k[0] & 0xFFFFFFFFu) != places_.exit())
      return "the player is not on the exit";
    return std::nullopt;
  }
  // "at 3,4, switches 1 and 3 on, 2 locked doors opened, 1 secret door found, 5 objectives taken"
  std::string describe(const uint64_t* k) const {
    const Place& p = places_.place(static_cast<int32_t>(k[0] & 0xFFFFFFFFu));
    const uint32_t switches = static_cast<uint32_t>(k[0] >> 32);
    std::string on;
    for (int s = 1; s <= kMaxSwitch; ++s)
      if ((switches >> (s - 1)) & 1u) {
        if (!on.empty()) on += ',';
        on += std::to_string(s);
      }
    auto count = [&](size_t from, size_t n) {
      size_t c = 0;
      for (size_t w = 0; w < n; ++w) c += static_cast<size_t>(std::popcount(k[1 + from / 64 + w]));
      return std::to_string(c);
    };
    return "at " + to_string(p.pos) + ", switches on: " + (on.empty() ? "none" : on) +
           ", locked doors opened: " + count(0, lock_words_) +
           ", secret doors found: " + count(found_at(), door_words_) +
           ", objectives taken: " + count(taken_at(), objective_words_);
  }

 private:
  const Dungeon& d_;
  KeyRule rule_;
  const Places& places_;
  size_t lock_words_ = 0, door_words_ = 0, objective_words_ = 0, words_ = 1;
  std::vector<uint64_t> keys_;
  std::vector<uint64_t> others_;  // the taken-bits of the objectives that are not keys
  // Listed states alike but for `others_`: the first of each kind by a hash of the rest (open
  // addressing), then each to the next (alike_).
  std::vector<int32_t> table_, alike_;

  static bool is_key(const Objective& o) { return o.kind == ObjectiveKind::Key && o.lock >= 1 && o.lock <= kMaxLock; }
  // The table's slot of the states alike to k: empty, or holding one of them.
  size_t slot(const uint64_t* k) const {
    const size_t mask = table_.size() - 1;
    for (size_t h = hash(k) & mask;; h = (h + 1) & mask) {
      const int32_t j = table_[h];
      if (j < 0) return h;
      const uint64_t* kj = key(static_cast<size_t>(j));
      bool alike = true;
      for (size_t w = 0; w < words_ && alike; ++w) alike = ((kj[w] ^ k[w]) & ~others_[w]) == 0;
      if (alike) return h;
    }
  }

  // Bit positions past word 0: the opened locked doors from 0, then the found doors, the taken objectives.
  size_t found_at() const { return lock_words_ * 64; }
  size_t taken_at() const { return (lock_words_ + door_words_) * 64; }
  static bool bit(const uint64_t* k, size_t b) { return (k[1 + b / 64] >> (b % 64) & 1u) != 0; }
  static void set(uint64_t* k, size_t b) { k[1 + b / 64] |= uint64_t{1} << (b % 64); }
  uint64_t hash(const uint64_t* k) const {  // of the words but for `others_`
    uint64_t h = 0x84222325CBF29CE4u;
    for (size_t w = 0; w < words_; ++w) {
      h = (h ^ (k[w] & ~others_[w])) * 0x100000001B3u;
      h ^= h >> 29;
    }
    return h;
  }
  // Moves the player onto place t, taking what lies there.
  void enter(uint64_t* k, int32_t t) const {
    k[0] = (k[0] & ~uint64_t{0xFFFFFFFFu}) | static_cast<uint32_t>(t);
    for (int o : places_.place(t).takes) set(k, taken_at() + static_cast<size_t>(o));
  }
  // Keys of `lock` held: its keys taken, less its doors opened under the consumable rule.
  int held(const uint64_t* k, int lock) const {
    int keys = 0;
    for (size_t o = 0; o < d_.objectives.size(); ++o)
      if (is_key(d_.objectives[o]) && d_.objectives[o].lock == lock && bit(k, taken_at() + o)) ++keys;
    if (rule_ == KeyRule::Consumable)
      for (size_t j = 0; j < d_.locks.size(); ++j)
        if (d_.locks[j].lock == lock && bit(k, j)) --keys;
    return keys;
  }
  // What a set of `bits` bits is expected to be, for a message.
  static std::string set_expected(const std::string& what, size_t bits) {
    return "a set of " + what + " (" + std::to_string(bits) +
           ") as hex digits 0-9a-f, bit i for the i-th, \"0\" for none";
  }
  // A bit set written as hex digits, most significant first, of at most `bits` bits, into `out`;
  // false when `v` is not one.
  static bool read_set(const json& v, size_t bits, uint64_t* out) {
    if (!v.is_string()) return false;
    const std::string& s = v.get_ref<const std::string&>();
    if (s.empty() || s.size() > std::max<size_t>(1, (bits + 3) / 4)) return false;
    for (size_t i = 0; i < s.size(); ++i) {
      const char c = s[s.size() - 1 - i];
      const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (digit < 0) return false;
      for (int b = 0; b < 4; ++b)
        if ((digit >> b) & 1) {
          const size_t at = 4 * i + static_cast<size_t>(b);
          if (at >= bits) return false;
          out[at / 64] |= uint64_t{1} << (at % 64);
        }
    }
    return true;
  }
};

}  // namespace

UnlosableVerdict check_unlosable(const Dungeon& d, const ValidateOptions& rules, KeyRule key_rule, const json& section,
                                 int64_t max_states) {
  certificate_fields::only_fields(section, {"states", "list"}, "unlosable.");
  const json& n = certificate_fields::need(section, "states", "unlosable.");
  if (!n.is_number_integer() || n.get<int64_t>() < 1 || n.get<int64_t>() > max_states)
    bad("unlosable.states", n,
        "a count of states, 1 to " + std::to_string(max_states) + " (verify's cap, --max-states)");
  const json& list = certificate_fields::need(section, "list", "unlosable.");
  const size_t count = static_cast<size_t>(n.get<int64_t>());
  if (!list.is_array() || list.size() != count)
    bad("unlosable.list", list.is_array() ? json(std::to_string(list.size()) + " states") : list,
        "an array of unlosable.states = " + std::to_string(count) + " states");

  UnlosableVerdict v;
  auto reject = [&](int64_t state, std::string why) {
    v.state = state;
    v.reason = std::move(why);
    return v;
  };
  const Places places(d, rules);
  if (places.start() < 0) return reject(-1, "the map has no start on a passable cell");
  States states(d, key_rule, places, count);
  std::vector<int32_t> next(count), rank(count);
  std::vector<uint64_t> k = states.blank();
  for (size_t i = 0; i < count; ++i) {
    if (std::optional<std::string> why = states.read(list[i], i, count, k, next[i], rank[i]))
      return reject(static_cast<int64_t>(i), "state " + std::to_string(i) + ": " + *why);
    if (const int32_t twin = states.insert(k); twin >= 0)
      return reject(static_cast<int64_t>(i), "state " + std::to_string(i) + " repeats state " + std::to_string(twin) +
                                                 " (" + states.describe(k.data()) + ")");
  }
  const std::vector<uint64_t> first = states.first();
  if (!std::equal(first.begin(), first.end(), states.key(0)))
    return reject(0, "state 0 (" + states.describe(states.key(0)) + ") is not where play begins (" +
                         states.describe(first.data()) + ")");
  std::vector<States::Move> moves;
  std::vector<uint64_t> to;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t* ki = states.key(i);
    auto name = [&] { return "state " + std::to_string(i) + " (" + states.describe(ki) + ")"; };
    bool next_ok = false;
    states.moves(ki, moves, to);
    for (size_t j = 0; j < moves.size(); ++j) {
      const uint64_t* u = &to[j * states.words()];
      if (states.below(u) < 0)
        return reject(static_cast<int64_t>(i), name() + ": " + states.what(moves[j]) +
                                                   " leads to a state the certificate leaves out (" +
                                                   states.describe(u) + ", and none listed alike has taken less)");
      next_ok |= moves[j].finishing && next[i] >= 0 &&
                 std::equal(u, u + states.words(), states.key(static_cast<size_t>(next[i])));
    }
    if (rank[i] == 0) {
      if (std::optional<std::string> why = states.unfinished(ki))
        return reject(static_cast<int64_t>(i), name() + " has rank 0 but is not finished: " + *why);
      if (next[i] != -1)
        return reject(static_cast<int64_t>(i),
                      name() + " has rank 0 but a next state (" + std::to_string(next[i]) + ")");
      continue;
    }
    if (next[i] < 0)
      return reject(static_cast<int64_t>(i), name() + " has rank " + std::to_string(rank[i]) + " but no next state");
    if (!next_ok)
      return reject(static_cast<int64_t>(i), name() + ": its next state " + std::to_string(next[i]) +
                                                 " is not one move away by a move a finishing playthrough may take");
    if (rank[static_cast<size_t>(next[i])] >= rank[i])
      return reject(static_cast<int64_t>(i), name() + ": its rank " + std::to_string(rank[i]) +
                                                 " does not fall (its next state " + std::to_string(next[i]) +
                                                 " has rank " + std::to_string(rank[static_cast<size_t>(next[i])]) +
                                                 ")");
  }
  v.accepted = true;
  v.states = static_cast<int64_t>(count);
  return v;
}

}  // namespace catacomb::verifying
