// The proof that a map with progression cannot be lost (see unlosable.hpp).
//
// The model keeps every choice a player has, so that no dead end is merged away:
// - Nodes: each objective's cell and each door's cell (usable locked door, gate, one-way door,
//   secret door) is a node of its own; the other passable cells form areas, the components of
//   legal steps between them (a diagonal step past a door cell's corner counts that corner as
//   closed, past an objective's cell as open). Inside an area a player walks anywhere and back
//   without touching an objective or a door, so every cell of an area has the same future, and a
//   player may walk past an objective without taking it: taking is stepping onto its cell.
//   A diagonal step that cuts past an open door's corner goes from one of its ends to the other
//   through the door's cell just as well (both are straight steps), so closing door cells' corners
//   loses no way.
// - A state: the node the player stands on, the switches, the locked doors opened, the objectives
//   taken and the secret doors the player has found (passed once). Keys held of lock k: the keys
//   of k taken, less the doors of k opened under the consumable rule.
// - Moves: a legal step to a linked node (a closed locked door entered only with a key held, a
//   gate only while open, a one-way door its way only, a secret door always: a player may find
//   it), or, on a switch's cell, flipping that switch.
// - Finished: every objective but the start and the exit taken, standing on the exit. A state
//   "can finish" when a finished state is reachable without entering a secret door the player has
//   not found: the proof never counts on a secret door a player may not know.
// Every reachable state is searched breadth first (so the first softlock found has the fewest
// moves in), then one backwards pass over the moves that may finish marks the states that can.
// The map is unlosable when every reachable state can finish; a search stopped at max_states
// proves nothing (NotProven). Nothing is merged, so the states grow with the subsets of objectives
// taken: exact, and capped. Memory: a few 64-bit words per state and 4 bytes per move.
// Deterministic: nodes, links and states follow the map's row-major order and indices.
#include "validate/solver/unlosable.hpp"

#include "validate/solver/unlosable_model.hpp"

namespace catacomb::solving {
namespace {

using namespace loss;  // the model and the softlock report (unlosable_model.hpp)

// The reachable states, packed: word 0 the node (low 32 bits) and the switches; then the bits of
// the locked doors opened, the secret doors found and the objectives taken.
class Search {
 public:
  Search(const Model& m, int64_t cap) : m_(m), cap_(std::min<int64_t>(cap, int64_t{1} << 30)) {
    lock_at_ = 0;
    secret_at_ = m.locks_;
    take_at_ = m.locks_ + m.secrets_;
    words_ = 1 + static_cast<size_t>(take_at_ + m.takes_ + 63) / 64;
    table_.assign(1024, -1);
  }

  // False at the cap.
  bool run() {
    std::vector<uint64_t> s(words_, 0);
    s[0] = static_cast<uint32_t>(m_.start_);
    add_takes(s, m_.nodes_[static_cast<size_t>(m_.start_)].takes);
    insert(s, -1, Move{});
    std::vector<uint64_t> u(words_), cur(words_);
    for (size_t q = 0; q < count(); ++q) {
      offsets_.push_back(static_cast<int64_t>(succ_.size()));
      // A copy: adding states may move states_.
      std::copy_n(states_.begin() + static_cast<std::ptrdiff_t>(q * words_), words_, cur.begin());
      const uint64_t* sq = cur.data();
      const int n = static_cast<int>(sq[0] & 0xFFFFFFFFu);
      const uint32_t sw = static_cast<uint32_t>(sq[0] >> 32);
      for (int t : m_.out_[static_cast<size_t>(n)]) {
        const Node& tn = m_.nodes_[static_cast<size_t>(t)];
        std::copy(sq, sq + words_, u.begin());
        Move mv{MoveKind::Walk, t, 0};
        bool finishing = true;  // may a playthrough that finishes take this move?
        if (tn.kind == Kind::Gate && !gate_open(m_.d_.doors[static_cast<size_t>(tn.door)], sw)) continue;
        if (tn.kind == Kind::OneWay) mv.kind = MoveKind::OneWay;
        if (tn.kind == Kind::Lock && !bit(sq, lock_at_ + tn.bit)) {
          if (held(sq, tn.lock) <= 0) continue;
          set_bit(u.data(), lock_at_ + tn.bit);
          mv.kind = MoveKind::Open;
        }
        if (tn.kind == Kind::Secret && !bit(sq, secret_at_ + tn.bit)) {
          set_bit(u.data(), secret_at_ + tn.bit);
          finishing = false;
        }
        u[0] = (u[0] & ~uint64_t{0xFFFFFFFFu}) | static_cast<uint32_t>(t);
        add_takes(u, tn.takes);
        if (!link(u, static_cast<int>(q), mv, finishing)) return false;
      }
      const uint32_t here = m_.nodes_[static_cast<size_t>(n)].toggles;
      for (int id = 1; id <= kMaxSwitch; ++id)
        if ((here >> (id - 1)) & 1u) {
          std::copy(sq, sq + words_, u.begin());
          u[0] ^= uint64_t{1} << (32 + id - 1);
          if (!link(u, static_cast<int>(q), Move{MoveKind::Toggle, n, id}, true)) return false;
        }
    }
    offsets_.push_back(static_cast<int64_t>(succ_.size()));
    return true;
  }

  size_t count() const { return states_.size() / words_; }
  bool finished(size_t q) const {
    const uint64_t* s = &states_[q * words_];
    if (m_.unplaced_) return false;
    if (m_.exit_ >= 0 && static_cast<int>(s[0] & 0xFFFFFFFFu) != m_.exit_) return false;
    for (int b = 0; b < m_.takes_; ++b)
      if (!bit(s, take_at_ + b)) return false;
    return true;
  }
  // Per state: whether a finished state is reachable by moves a finishing playthrough may take;
  // with `next` and `rank`, the first state of a shortest such way and its moves (-1, 0 for a
  // finished state or one that cannot finish).
  std::vector<uint8_t> can_finish(std::vector<int32_t>* next = nullptr, std::vector<int32_t>* rank = nullptr) const {
    const size_t n = count();
    std::vector<int64_t> start(n + 1, 0);
    for (size_t q = 0; q < n; ++q)
      for (int64_t e = offsets_[q]; e < offsets_[q + 1]; ++e)
        if (succ_[static_cast<size_t>(e)] >= 0) ++start[static_cast<size_t>(succ_[static_cast<size_t>(e)]) + 1];
    for (size_t q = 0; q < n; ++q) start[q + 1] += start[q];
    std::vector<int32_t> back(static_cast<size_t>(start[n]));
    std::vector<int64_t> fill(start.begin(), start.end() - 1);
    for (size_t q = 0; q < n; ++q)
      for (int64_t e = offsets_[q]; e < offsets_[q + 1]; ++e) {
        const int32_t t = succ_[static_cast<size_t>(e)];
        if (t >= 0) back[static_cast<size_t>(fill[static_cast<size_t>(t)]++)] = static_cast<int32_t>(q);
      }
    std::vector<uint8_t> can(n, 0);
    std::vector<int32_t> queue;
    if (next) next->assign(n, -1);
    if (rank) rank->assign(n, 0);
    for (size_t q = 0; q < n; ++q)
      if (finished(q)) can[q] = 1, queue.push_back(static_cast<int32_t>(q));
    // Breadth first backwards from the finished states: each state is first met from a state one
    // move nearer the end than any other it has.
    for (size_t i = 0; i < queue.size(); ++i) {
      const size_t t = static_cast<size_t>(queue[i]);
      for (int64_t e = start[t]; e < start[t + 1]; ++e) {
        const size_t p = static_cast<size_t>(back[static_cast<size_t>(e)]);
        if (can[p]) continue;
        can[p] = 1;
        queue.push_back(static_cast<int32_t>(p));
        if (next) (*next)[p] = static_cast<int32_t>(t);
        if (rank) (*rank)[p] = (*rank)[t] + 1;
      }
    }
    return can;
  }
  const uint64_t* state(size_t q) const { return &states_[q * words_]; }
  size_t words() const { return words_; }
  int lock_at() const { return lock_at_; }
  int secret_at() const { return secret_at_; }
  int take_at() const { return take_at_; }
  static bool has(const uint64_t* s, int b) { return bit(s, b); }
  // The moves from the first state to state q.
  std::vector<Move> moves_to(int q) const {
    std::vector<Move> moves;
    for (; parent_[static_cast<size_t>(q)] >= 0; q = parent_[static_cast<size_t>(q)])
      moves.push_back(via_[static_cast<size_t>(q)]);
    return std::vector<Move>(moves.rbegin(), moves.rend());
  }

 private:
  const Model& m_;
  int64_t cap_;
  int lock_at_ = 0, secret_at_ = 0, take_at_ = 0;
  size_t words_ = 1;
  std::vector<uint64_t> states_;
  std::vector<int32_t> table_;  // open addressing: state indices, -1 empty
  std::vector<int32_t> parent_;
  std::vector<Move> via_;
  std::vector<int64_t> offsets_;
  std::vector<int32_t> succ_;  // a successor, or ~successor for a move no finishing play takes

  static bool bit(const uint64_t* s, int b) { return (s[1 + b / 64] >> (b % 64) & 1u) != 0; }
  static void set_bit(uint64_t* s, int b) { s[1 + b / 64] |= uint64_t{1} << (b % 64); }
  void add_takes(std::vector<uint64_t>& s, uint64_t takes) const {
    for (; takes != 0; takes &= takes - 1) set_bit(s.data(), take_at_ + std::countr_zero(takes));
  }
  int held(const uint64_t* s, int lock) const {
    int keys = 0;
    for (uint64_t k = m_.key_bits_[static_cast<size_t>(lock)]; k != 0; k &= k - 1)
      keys += bit(s, take_at_ + std::countr_zero(k)) ? 1 : 0;
    if (m_.rule_ == KeyRule::Consumable)
      for (uint64_t k = m_.door_bits_[static_cast<size_t>(lock)]; k != 0; k &= k - 1)
        keys -= bit(s, lock_at_ + std::countr_zero(k)) ? 1 : 0;
    return keys;
  }
  uint64_t hash(const uint64_t* s) const {
    uint64_t h = 0x9E3779B97F4A7C15u;
    for (size_t w = 0; w < words_; ++w) {
      h ^= s[w] + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
      h *= 0xBF58476D1CE4E5B9u;
    }
    return h ^ (h >> 31);
  }
  // The index of state s, added (with its first parent and move) when new; -1 at the cap.
  int32_t insert(const std::vector<uint64_t>& s, int32_t parent, Move mv) {
    if (2 * (count() + 1) > table_.size()) grow();
    const size_t mask = table_.size() - 1;
    for (size_t i = hash(s.data()) & mask;; i = (i + 1) & mask) {
      const int32_t at = table_[i];
      if (at < 0) {
        if (static_cast<int64_t>(count()) >= cap_) return -1;
        table_[i] = static_cast<int32_t>(count());
        states_.insert(states_.end(), s.begin(), s.end());
        parent_.push_back(parent);
        via_.push_back(mv);
        return table_[i];
      }
      if (std::equal(s.begin(), s.end(),
                     states_.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(at) * words_)))
        return at;
    }
  }
  void grow() {
    table_.assign(table_.size() * 2, -1);
    const size_t mask = table_.size() - 1;
    for (size_t q = 0; q < count(); ++q) {
      size_t i = hash(&states_[q * words_]) & mask;
      while (table_[i] >= 0) i = (i + 1) & mask;
      table_[i] = static_cast<int32_t>(q);
    }
  }
  bool link(const std::vector<uint64_t>& u, int32_t from, Move mv, bool finishing) {
    const int32_t t = insert(u, from, mv);
    if (t < 0) return false;
    succ_.push_back(finishing ? t : ~t);
    return true;
  }
};

// The states a certificate of unlosability lists (indices into the search, ascending): every
// state that is least in what it has taken besides keys among the states alike in everything
// else (place, switches, doors opened and found, keys taken), and the states on the way to the
// end (`next`) from each. Why that is enough: taking an objective that is not a key gives no
// move and loses none, so a state that has taken more of them than a listed state alike in the
// rest can make every move the listed one makes, to a state that again has taken at least as
// much, and finishes wherever it does; and below every reachable state lies a least one.
// Checking each state against the least ones already found stops after 64 of them: a state
// kept that was not least only makes the list longer.
std::vector<size_t> certificate_states(const Model& m, const Search& search, const std::vector<int32_t>& next) {
  const size_t words = search.words(), n = search.count();
  std::vector<uint64_t> others(words, 0);  // the taken-bits of objectives that are not keys
  uint64_t keys = 0;
  for (uint64_t k : m.key_bits_) keys |= k;
  for (int b = 0; b < m.takes_; ++b)
    if (!((keys >> b) & 1u)) {
      const int at = search.take_at() + b;
      others[1 + static_cast<size_t>(at) / 64] |= uint64_t{1} << (at % 64);
    }
  auto rest_less = [&](size_t a, size_t b) {  // the states' words, objectives other than keys left out
    const uint64_t *sa = search.state(a), *sb = search.state(b);
    for (size_t w = 0; w < words; ++w)
      if ((sa[w] & ~others[w]) != (sb[w] & ~others[w])) return (sa[w] & ~others[w]) < (sb[w] & ~others[w]);
    return false;
  };
  auto taken_others = [&](size_t a) {
    int c = 0;
    for (size_t w = 0; w < words; ++w) c += std::popcount(search.state(a)[w] & others[w]);
    return c;
  };
  std::vector<size_t> order(n);
  for (size_t q = 0; q < n; ++q) order[q] = q;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (rest_less(a, b)) return true;
    if (rest_less(b, a)) return false;
    const int ca = taken_others(a), cb = taken_others(b);
    return ca != cb ? ca < cb : a < b;
  });
  std::vector<uint8_t> keep(n, 0);
  std::vector<size_t> least;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && !rest_less(order[i], order[j])) ++j;
    least.clear();
    for (size_t k = i; k < j; ++k) {
      const uint64_t* sk = search.state(order[k]);
      bool above = false;
      for (size_t l = 0; l < least.size() && l < 64 && !above; ++l) {
        const uint64_t* sl = search.state(least[l]);
        bool subset = true;
        for (size_t w = 0; w < words && subset; ++w) subset = (sl[w] & others[w] & ~sk[w]) == 0;
        above = subset;
      }
      if (!above) keep[order[k]] = 1, least.push_back(order[k]);
    }
    i = j;
  }
  for (size_t q = 0; q < n; ++q)
    if (keep[q] == 1)
      for (int32_t t = next[q]; t >= 0 && !keep[static_cast<size_t>(t)]; t = next[static_cast<size_t>(t)])
        keep[static_cast<size_t>(t)] = 2;
  std::vector<size_t> out;
  for (size_t q = 0; q < n; ++q)
    if (keep[q]) out.push_back(q);
  return out;
}

}  // namespace

LossProof prove_unlosable(const Dungeon& d, const SolveOptions& options) {
  LossProof proof;
  const Model m(d, options);
  if (m.start_ < 0) {
    proof.status = LossStatus::Losable;
    return proof;
  }
  Search search(m, options.max_states);
  const bool done = search.run();
  proof.states = static_cast<int64_t>(search.count());
  if (!done) return proof;  // NotProven
  const std::vector<uint8_t> can = search.can_finish();
  proof.completable = can[0] != 0;
  int first = -1;
  for (size_t q = 0; q < can.size(); ++q)
    if (!can[q]) {
      ++proof.softlock_states;
      if (first < 0) first = static_cast<int>(q);
    }
  proof.status = proof.softlock_states == 0 ? LossStatus::Unlosable : LossStatus::Losable;
  if (first > 0) proof.softlock = report(m, search.moves_to(first));
  return proof;
}

}  // namespace catacomb::solving

namespace catacomb {

ReachableStates reachable_states(const Dungeon& d, const SolveOptions& options) {
  std::vector<FieldProblem> problems = options.moves.problems();
  if (options.max_states < 1) problems.push_back({"max_states", std::to_string(options.max_states), "at least 1"});
  throw_if_problems(problems);
  using namespace solving;
  ReachableStates out;
  auto words = [](size_t bits) { return (bits + 63) / 64; };
  out.lock_words = words(d.locks.size());
  out.door_words = words(d.doors.size());
  out.objective_words = words(d.objectives.size());
  const Model m(d, options);
  if (m.start_ < 0) {
    out.status = LossStatus::Losable;
    return out;
  }
  Search search(m, options.max_states);
  const bool done = search.run();
  out.searched = static_cast<int64_t>(search.count());
  if (!done) return out;  // NotProven
  std::vector<int32_t> next, rank;
  const std::vector<uint8_t> can = search.can_finish(&next, &rank);
  out.status = std::all_of(can.begin(), can.end(), [](uint8_t c) { return c != 0; }) ? LossStatus::Unlosable
                                                                                     : LossStatus::Losable;
  if (out.status != LossStatus::Unlosable) return out;
  // The model's bits, named by the dungeon's lists.
  std::vector<int> lock_door(static_cast<size_t>(m.locks_), -1), secret_door(static_cast<size_t>(m.secrets_), -1);
  for (const Node& n : m.nodes_) {
    if (n.kind == Kind::Lock) lock_door[static_cast<size_t>(n.bit)] = n.door;
    if (n.kind == Kind::Secret) secret_door[static_cast<size_t>(n.bit)] = n.door;
  }
  const size_t found_at = out.lock_words, taken_at = out.lock_words + out.door_words;
  auto set = [](std::vector<uint64_t>& v, size_t word0, int i) {
    v[word0 + static_cast<size_t>(i) / 64] |= uint64_t{1} << (static_cast<size_t>(i) % 64);
  };
  const std::vector<size_t> listed = certificate_states(m, search, next);
  std::vector<int32_t> index(search.count(), -1);
  for (size_t i = 0; i < listed.size(); ++i) index[listed[i]] = static_cast<int32_t>(i);
  out.states.resize(listed.size());
  for (size_t i = 0; i < listed.size(); ++i) {
    const size_t q = listed[i];
    const uint64_t* s = search.state(q);
    ReachableState& r = out.states[i];
    r.at = m.nodes_[static_cast<size_t>(s[0] & 0xFFFFFFFFu)].pos;
    r.switches = static_cast<uint32_t>(s[0] >> 32);
    r.sets.assign(out.lock_words + out.door_words + out.objective_words, 0);
    for (int b = 0; b < m.locks_; ++b)
      if (Search::has(s, search.lock_at() + b)) set(r.sets, 0, lock_door[static_cast<size_t>(b)]);
    for (int b = 0; b < m.secrets_; ++b)
      if (Search::has(s, search.secret_at() + b)) set(r.sets, found_at, secret_door[static_cast<size_t>(b)]);
    for (int b = 0; b < m.takes_; ++b)
      if (Search::has(s, search.take_at() + b)) set(r.sets, taken_at, m.take_objective_[static_cast<size_t>(b)]);
    r.next = next[q] < 0 ? -1 : index[static_cast<size_t>(next[q])];
    r.rank = rank[q];
  }
  return out;
}

}  // namespace catacomb
