#pragma once
// Internal to pathing/: the search engine's open-list entries and queues (search.cpp explains
// the design: a ring of narrow f-buckets, only the current one ordered). Kept apart from the
// engine so each file stays readable; nothing here is public API.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "shared/core/portable.hpp"

namespace catacomb::detail {

constexpr uint32_t kNoParent = 8;

/// Open-list entry for uniform costs (24 bytes). g is counted in moves, a straight and b
/// diagonal ones, g = a + b * dc computed from the counts, so that equal real costs compare
/// equal; a is recovered from g and b. `ik` = cell << 32 | b << 4 | dir, dir the direction of
/// the move into the cell (kNoParent for the start); b < 2^28 since a path has fewer moves
/// than the map has cells.
struct EntryU {
  double f;
  double gv;
  uint64_t ik;
  static uint64_t pack(uint32_t idx, uint32_t b, uint32_t dir) { return uint64_t{idx} << 32 | b << 4 | dir; }
  uint32_t idx() const { return static_cast<uint32_t>(ik >> 32); }
  uint32_t dir() const { return static_cast<uint32_t>(ik) & 15u; }
  uint32_t b() const { return static_cast<uint32_t>(ik) >> 4; }
  uint32_t a(double dc) const { return static_cast<uint32_t>(gv - static_cast<double>(b()) * dc + 0.5); }
};
static_assert(sizeof(EntryU) == 24);

/// Open-list entry for per-cell costs (32 bytes): go and gd the summed entry costs of the
/// straight and of the diagonal moves, g = go + gd * dc (integer costs stay exact); `ik` =
/// cell << 32 | dir.
struct EntryW {
  double f;
  double gv;
  double go;
  double gd;
  uint64_t ik;
  uint32_t idx() const { return static_cast<uint32_t>(ik >> 32); }
  uint32_t dir() const { return static_cast<uint32_t>(ik) & 15u; }
};
static_assert(sizeof(EntryW) == 40);

/// The total order of the open list: lower f, then larger g, then lower cell index (`ik`
/// compares as the index: two entries of one cell never tie on f and g, since a cell is queued
/// again only with a strictly smaller g). f and g are >= 0 and never NaN, so their bit
/// patterns order as the numbers do: the comparison runs on integers, without branches (the
/// heap's outcomes are unpredictable).
template <typename E>
struct Before {
  bool operator()(const E& x, const E& y) const {
    const auto fx = detail::bit_cast<uint64_t>(x.f), fy = detail::bit_cast<uint64_t>(y.f);
    const auto gx = detail::bit_cast<uint64_t>(x.gv), gy = detail::bit_cast<uint64_t>(y.gv);
    return (fx < fy) | ((fx == fy) & ((gx > gy) | ((gx == gy) & (x.ik < y.ik))));
  }
};

/// 4-ary min-heap over Before: the overflow behind the bucket ring. clear() keeps the capacity.
template <typename E>
class OpenHeap {
 public:
  bool empty() const { return v_.empty(); }
  void clear() { v_.clear(); }
  const E& top() const { return v_.front(); }

  void push(const E& e, const Before<E>& before) {
    size_t i = v_.size();
    v_.push_back(e);
    E* v = v_.data();
    while (i > 0) {
      const size_t p = (i - 1) >> 2;
      if (!before(e, v[p])) break;
      v[i] = v[p];
      i = p;
    }
    v[i] = e;
  }

  void pop(const Before<E>& before) {
    const E last = v_.back();
    v_.pop_back();
    const size_t n = v_.size();
    if (n == 0) return;
    E* v = v_.data();
    size_t i = 0;
    for (;;) {
      const size_t c = 4 * i + 1;
      if (c >= n) break;
      size_t best = c;
      const size_t end = c + 4 < n ? c + 4 : n;
      for (size_t k = c + 1; k < end; ++k)
        if (before(v[k], v[best])) best = k;
      if (!before(v[best], last)) break;
      v[i] = v[best];
      i = best;
    }
    v[i] = last;
  }

 private:
  std::vector<E> v_;
};

/// Binary min-heap steps over Before on a plain vector (the current bucket's heap).
template <typename E>
void sift_down(E* v, size_t n, size_t i, const E x, const Before<E>& before) {
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n) c += static_cast<size_t>(before(v[c + 1], v[c]));
    if (!before(v[c], x)) break;
    v[i] = v[c];
    i = c;
  }
  v[i] = x;
}

/// The open list: a ring of narrow buckets over f (bucket k holds f in [k, k + 1) x delta) in
/// front of a 4-ary heap for the entries beyond the ring. Later buckets are unordered: each has
/// an inline array for its first kInline entries (a push is one store and a count, with one
/// branch that almost always goes the same way) and spills into a list of big chunks, taken
/// from and returned to a last-in-first-out free list. An entry whose f lies past the goal's is
/// never ordered at all. When a bucket becomes current its stale entries are dropped and the
/// rest are sorted into a stack, first entry on top: newest entries first, which is nearly the
/// order they are taken in, so insertion sorts them in about one comparison each. An entry
/// pushed later into the current bucket goes onto the stack when it comes before the top (the
/// common case in a search: a child with its parent's f and a larger g), else into a binary
/// heap beside it. The next entry is the first of the two tops. f maps to buckets
/// monotonically and an entry below the current bucket joins it, so pops come out in exactly
/// the total order of Before, for any f, monotone or not.
template <typename E>
class BucketQueue {
 public:
  /// Buckets in the ring (a power of two). Uniform costs move f by at most 2 x 2 units a step
  /// (a diagonal of factor <= 2, and as much heuristic), so 512 buckets of 1/64 hold every entry
  /// of an A* or Dijkstra search, and the ring's arrays (384 KiB) are reused while they are
  /// still in cache; strongly weighted A* spills into the overflow heap. Per-cell costs spread
  /// f further.
  static constexpr size_t kRing = sizeof(E) <= 24 ? 512 : 4096;
  static constexpr size_t kWords = kRing / 64;

  BucketQueue() { std::fill(std::begin(slot_), std::end(slot_), kEmpty); }

  /// Empties the queue; `delta` is the bucket width (> 0), `f0` the priority of the first
  /// entry (any value works: it only places the ring).
  void reset(double delta, double f0) {
    if (!inline_) inline_ = detail::make_array_for_overwrite<E>(kRing * kInline);
    for (size_t w = 0; w < kWords; ++w) {
      for (uint64_t bits = used_[w]; bits != 0; bits &= bits - 1) {
        const size_t s = w * 64 + static_cast<size_t>(std::countr_zero(bits));
        slot_[s] = kEmpty;
        fill_[s] = 0;
      }
      used_[w] = 0;
    }
    free_ = kNil;
    pool_used_ = 0;
    heap_.clear();
    sn_ = 0;
    overflow_.clear();
    inv_delta_ = 1.0 / delta;
    cur_ = key(f0);
  }

  /// Queues `e`. The common case, an entry for a later bucket whose inline array has room, is
  /// inline and has one branch that goes the same way almost always. Bounded: the caller
  /// guarantees f / delta < 2^62 (no clamp needed).
  template <bool Bounded = false>
  void push(const E& e) {
    const int64_t k = Bounded ? static_cast<int64_t>(e.f * inv_delta_) : key(e.f);
    if (static_cast<uint64_t>(k - cur_) - 1 < kRing - 1) [[likely]] {  // cur_ < k < cur_ + kRing
      append(slot(k), e);
      return;
    }
    push_other(e, k);
  }

  /// Takes the next entry into `out`; false when the queue is empty. A bucket that becomes
  /// current first drops the entries for which live(entry) is false (stale ones), which then
  /// cost no ordering work at all.
  template <typename Live>
  bool pop(E& out, Live&& live) {
    if (sn_ != 0) {
      if (heap_.empty() || before_(stack_[sn_ - 1], heap_.front())) {
        out = stack_[--sn_];
        return true;
      }
    } else if (heap_.empty()) {
      if (!activate(live)) return false;
      out = stack_[--sn_];
      return true;
    }
    out = heap_.front();
    const E last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) sift_down(heap_.data(), heap_.size(), 0, last, before_);
    return true;
  }

 private:
  /// Entries a bucket holds inline before it starts a list of chunks. A bucket mostly holds
  /// one f value, often dozens of cells on an open map: most entries are queued into crowded
  /// buckets. Fewer for the wider entries of per-cell costs.
  static constexpr uint32_t kInline = sizeof(E) <= 24 ? 32 : 16;
  static constexpr uint32_t kNil = 0x07FFFFFFu;
  static constexpr size_t kChunkBytes = 512;  ///< crowded buckets spill into big chunks
  static constexpr uint32_t kPerChunk = static_cast<uint32_t>((kChunkBytes - 8) / sizeof(E));
  /// slot_ words: head chunk << kFillBits | entries in it; an empty bucket has fill kFillMask.
  static constexpr uint32_t kFillBits = 5;
  static constexpr uint32_t kFillMask = (1u << kFillBits) - 1;
  static constexpr uint32_t kEmpty = kNil << kFillBits | kFillMask;
  static_assert(kPerChunk >= 1 && kPerChunk < kFillMask);
  /// A chunk of a bucket's list: the head chunk holds the fill its slot word says, the others
  /// are full.
  struct alignas(64) Chunk {
    E e[kPerChunk];
    uint32_t next;
  };

  /// Makes the next bucket with a live entry current (its entries the sorted stack); false
  /// when none.
  template <typename Live>
  [[gnu::noinline]] bool activate(Live& live) {
    for (;;) {
      const int64_t step = next_used(slot(cur_));
      if (step == 0) {  // the ring is empty
        if (overflow_.empty()) return false;
        cur_ = key(overflow_.top().f);
      } else {
        cur_ += step;
      }
      if (!overflow_.empty()) pull_overflow();
      const size_t s = slot(cur_);
      // Newest entries first: a bucket is mostly filled in order, first entries first (its
      // entries come from parents taken in order, larger g first), so the stack comes out
      // nearly sorted.
      const uint32_t v = slot_[s];
      uint32_t n = v & kFillMask;
      for (uint32_t c = v >> kFillBits; c != kNil;) {
        Chunk& ch = pool_[c];
        if (stack_.size() < sn_ + kPerChunk) stack_.resize(2 * stack_.size() + 2 * kPerChunk);
        E* out = stack_.data();
        size_t m = sn_;
        for (uint32_t i = n; i-- > 0;) {  // keeps the live ones, without a branch
          out[m] = ch.e[i];
          m += live(ch.e[i]) ? size_t{1} : size_t{0};
        }
        sn_ = m;
        const uint32_t next = ch.next;
        ch.next = free_;
        free_ = c;
        c = next;
        n = kPerChunk;
      }
      {
        const uint32_t fill = fill_[s];
        if (stack_.size() < sn_ + fill) stack_.resize(2 * (sn_ + fill));
        E* out = stack_.data();
        const E* in = &inline_[s * kInline];
        size_t m = sn_;
        for (uint32_t i = fill; i-- > 0;) {
          out[m] = in[i];
          m += live(in[i]) ? size_t{1} : size_t{0};
        }
        sn_ = m;
        fill_[s] = 0;
      }
      slot_[s] = kEmpty;
      used_[s >> 6] &= ~(uint64_t{1} << (s & 63));
      if (sn_ == 0) continue;
      sort_stack();
      return true;
    }
  }

  /// Sorts the stack, the first entry last. By insertion, which is linear on the nearly
  /// sorted stacks activate() makes; a stack that turns out far from sorted is finished by
  /// std::sort.
  void sort_stack() {
    E* v = stack_.data();
    const size_t n = sn_;
    size_t moves = 0;
    const size_t limit = 4 * n + 16;
    for (size_t i = 1; i < n; ++i) {
      const E x = v[i];
      size_t j = i;
      for (; j > 0 && before_(v[j - 1], x); --j) v[j] = v[j - 1];
      v[j] = x;
      moves += i - j;
      if (moves > limit) {
        std::sort(v, v + n, [this](const E& a, const E& b) { return before_(b, a); });
        return;
      }
    }
  }

  /// The entries push() does not handle inline: one for the current bucket or below, one past
  /// the ring.
  [[gnu::noinline]] void push_other(const E& e, int64_t k) {
    if (k <= cur_) {
      push_current(e);
    } else if (k - cur_ < static_cast<int64_t>(kRing)) {
      append(slot(k), e);
    } else {
      overflow_.push(e, before_);
    }
  }

  /// Appends to bucket slot `s`: to its inline array while there is room, else to the head
  /// chunk of its list (the overflow of a crowded bucket), else to a new chunk.
  [[gnu::always_inline]] void append(size_t s, const E& e) {
    const uint32_t fill = fill_[s];
    if (fill < kInline) [[likely]] {
      inline_[s * kInline + fill] = e;
      fill_[s] = fill + 1;
      used_[s >> 6] |= uint64_t{1} << (s & 63);
      return;
    }
    const uint32_t v = slot_[s];
    const uint32_t n = v & kFillMask;
    if (n < kPerChunk) {
      pool_[v >> kFillBits].e[n] = e;
      slot_[s] = v + 1;
      return;
    }
    new_chunk(s, e);
  }

  /// Starts a chunk at the head of bucket slot `s`'s list (its head chunk is full, or it has
  /// none) with `e` in it.
  [[gnu::noinline]] void new_chunk(size_t s, const E& e) {
    const uint32_t v = slot_[s];
    const uint32_t old = (v & kFillMask) == kFillMask ? kNil : v >> kFillBits;  // kFillMask: no list yet
    const uint32_t fresh = alloc();
    pool_[fresh].next = old;
    pool_[fresh].e[0] = e;
    slot_[s] = fresh << kFillBits | 1u;
  }

  uint32_t alloc() {
    if (free_ != kNil) {
      const uint32_t c = free_;
      free_ = pool_[c].next;
      return c;
    }
    if (pool_used_ == pool_.size()) pool_.emplace_back();
    return pool_used_++;
  }

  /// Into the current bucket: onto the stack when e comes before its top (the stack stays
  /// sorted, first entry on top), else into the heap.
  void push_current(const E& e) {
    if (sn_ == 0 || before_(e, stack_[sn_ - 1])) {
      if (stack_.size() == sn_) stack_.resize(2 * stack_.size() + 2 * kPerChunk);
      stack_[sn_++] = e;
      return;
    }
    size_t i = heap_.size();
    heap_.push_back(e);
    E* v = heap_.data();
    while (i > 0) {
      const size_t p = (i - 1) >> 1;
      if (!before_(e, v[p])) break;
      v[i] = v[p];
      i = p;
    }
    v[i] = e;
  }
  static size_t slot(int64_t k) { return static_cast<size_t>(static_cast<uint64_t>(k) & (kRing - 1)); }
  int64_t key(double f) const {
    const double k = f * inv_delta_;
    return k < 4e18 ? static_cast<int64_t>(k) : static_cast<int64_t>(4e18);
  }
  /// Distance (1 .. kRing - 1) from slot `s` (empty) to the next used slot after it, round
  /// the ring; 0 when the ring holds no entry.
  int64_t next_used(size_t s) const {
    size_t pos = (s + 1) & (kRing - 1);
    for (size_t n = 0; n <= kWords; ++n) {
      const size_t w = pos >> 6;
      const uint64_t bits = used_[w] >> (pos & 63);
      if (bits != 0) {
        const size_t t = pos + static_cast<size_t>(std::countr_zero(bits));
        return static_cast<int64_t>(((t - s - 1) & (kRing - 1)) + 1);
      }
      pos = ((w + 1) * 64) & (kRing - 1);
    }
    return 0;
  }
  /// Moves overflow entries that now fall inside the ring's window.
  [[gnu::noinline]] void pull_overflow() {
    while (!overflow_.empty()) {
      const E e = overflow_.top();
      const int64_t k = key(e.f);
      if (k - cur_ >= static_cast<int64_t>(kRing)) break;
      overflow_.pop(before_);
      append(slot(k), e);  // k >= cur_: the overflow only holds entries past the ring
    }
  }

  std::unique_ptr<E[]> inline_;  ///< per bucket kInline entries, the first ones queued
  uint32_t fill_[kRing] = {};    ///< per bucket: entries in its inline array
  uint32_t slot_[kRing];         ///< per bucket: chunks past the inline array, head chunk and its fill (kEmpty: none)
  uint64_t used_[kWords] = {};   ///< buckets with a list
  std::vector<Chunk> pool_;
  uint32_t pool_used_ = 0;  ///< chunks of pool_ handed out since reset (the rest are fresh)
  uint32_t free_ = kNil;    ///< free list of returned chunks, most recent first
  std::vector<E> heap_;     ///< current bucket: the entries not on the stack
  std::vector<E> stack_;    ///< current bucket: sorted, the first entry last (sn_ of them)
  size_t sn_ = 0;
  OpenHeap<E> overflow_;
  int64_t cur_ = 0;  ///< key of the current bucket
  double inv_delta_ = 1.0;
  Before<E> before_{};
};

}  // namespace catacomb::detail
