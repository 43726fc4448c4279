#pragma once
// Internal to pathing/: the search engine's open-list entries and queues (search.cpp explains
// the design: a ring of narrow f-buckets, only the current one ordered). Kept apart from the
// engine so each file stays readable; nothing here is public API.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

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
    const auto fx = std::bit_cast<uint64_t>(x.f), fy = std::bit_cast<uint64_t>(y.f);
    const auto gx = std::bit_cast<uint64_t>(x.gv), gy = std::bit_cast<uint64_t>(y.gv);
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
/// front of a 4-ary heap for the entries beyond the ring. Later buckets are unordered lists of
/// small chunks, taken from and returned to a last-in-first-out free list so that the memory a
/// push touches is usually in cache; an entry whose f lies past the goal's is never ordered at
/// all. When a bucket becomes current its stale entries are dropped and the rest become a
/// binary heap, beside a sorted stack for the entries pushed later that come before the
/// stack's top: in a search those are the common case (a child with its parent's f and a
/// larger g), and they cost O(1). The next entry is the first of the two tops. f maps to
/// buckets monotonically and an entry below the current bucket joins it, so pops come out in
/// exactly the total order of Before, for any f, monotone or not.
template <typename E>
class BucketQueue {
 public:
  static constexpr size_t kRing = 4096;  ///< buckets in the ring (a power of two)
  static constexpr size_t kWords = kRing / 64;

  BucketQueue() { std::fill(std::begin(head_), std::end(head_), kNil); }

  /// Empties the queue; `delta` is the bucket width (> 0).
  void reset(double delta) {
    for (size_t w = 0; w < kWords; ++w) {
      for (uint64_t bits = used_[w]; bits != 0; bits &= bits - 1)
        head_[w * 64 + static_cast<size_t>(std::countr_zero(bits))] = kNil;
      used_[w] = 0;
    }
    free_ = kNil;
    pool_used_ = 0;
    heap_.clear();
    stack_.clear();
    count_ = 0;
    overflow_.clear();
    inv_delta_ = 1.0 / delta;
    started_ = false;
  }

  void push(const E& e) {
    const int64_t k = key(e.f);
    if (!started_) {
      started_ = true;
      cur_ = k;
    }
    if (k <= cur_) {
      push_current(e);
    } else if (k - cur_ < static_cast<int64_t>(kRing)) {
      push_list(slot(k), e);
    } else {
      overflow_.push(e, before_);
    }
  }

  /// Makes top() valid; false when the queue is empty. A bucket that becomes current first
  /// drops the entries for which live(entry) is false (stale ones), which then cost no heap
  /// work at all.
  template <typename Live>
  bool ready(Live&& live) {
    if (!stack_.empty() || !heap_.empty()) return true;
    for (;;) {
      if (count_ == 0) {
        if (overflow_.empty()) return false;
        cur_ = key(overflow_.top().f);
      } else {
        cur_ += next_used(slot(cur_));
      }
      pull_overflow();
      const size_t s = slot(cur_);
      for (uint32_t c = head_[s]; c != kNil;) {
        Chunk& ch = pool_[c];
        for (uint32_t i = 0; i < ch.n; ++i)
          if (live(ch.e[i])) heap_.push_back(ch.e[i]);
        count_ -= ch.n;
        const uint32_t next = ch.next;
        ch.next = free_;
        free_ = c;
        c = next;
      }
      head_[s] = kNil;
      used_[s >> 6] &= ~(uint64_t{1} << (s & 63));
      if (heap_.empty()) continue;
      const size_t n = heap_.size();
      for (size_t i = n / 2; i-- > 0;) sift_down(heap_.data(), n, i, heap_[i], before_);
      return true;
    }
  }
  const E& top() const { return from_stack() ? stack_.back() : heap_.front(); }
  void pop() {
    if (from_stack()) {
      stack_.pop_back();
      return;
    }
    const E last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) sift_down(heap_.data(), heap_.size(), 0, last, before_);
  }

 private:
  static constexpr uint32_t kNil = 0xFFFFFFFFu;
  static constexpr uint32_t kPerChunk = static_cast<uint32_t>((128 - 8) / sizeof(E));
  struct alignas(64) Chunk {
    uint32_t next;
    uint32_t n;
    E e[kPerChunk];
  };

  /// Appends to the list of bucket slot `s`.
  void push_list(size_t s, const E& e) {
    uint32_t c = head_[s];
    if (c == kNil || pool_[c].n == kPerChunk) {
      const uint32_t fresh = alloc();
      pool_[fresh].next = c;
      pool_[fresh].n = 0;
      head_[s] = c = fresh;
      used_[s >> 6] |= uint64_t{1} << (s & 63);
    }
    Chunk& ch = pool_[c];
    ch.e[ch.n++] = e;
    ++count_;
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
    if (stack_.empty() || before_(e, stack_.back())) {
      stack_.push_back(e);
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
  /// True when the next entry is the stack's top rather than the heap's.
  bool from_stack() const {
    return !stack_.empty() && (heap_.empty() || before_(stack_.back(), heap_.front()));
  }

  static size_t slot(int64_t k) { return static_cast<size_t>(static_cast<uint64_t>(k) & (kRing - 1)); }
  int64_t key(double f) const {
    const double k = f * inv_delta_;
    return k < 4e18 ? static_cast<int64_t>(k) : static_cast<int64_t>(4e18);
  }
  /// Distance (1 .. kRing) from slot `s` to the next used slot after it, round the ring
  /// (only called while the ring holds entries and slot `s` is empty).
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
    return static_cast<int64_t>(kRing);
  }
  /// Moves overflow entries that now fall inside the ring's window.
  void pull_overflow() {
    while (!overflow_.empty()) {
      const E e = overflow_.top();
      const int64_t k = key(e.f);
      if (k - cur_ >= static_cast<int64_t>(kRing)) break;
      overflow_.pop(before_);
      push_list(slot(k), e);  // k >= cur_: the overflow only holds entries past the ring
    }
  }

  uint32_t head_[kRing];        ///< first chunk of each bucket's list, kNil when empty
  uint64_t used_[kWords] = {};  ///< buckets with a list
  std::vector<Chunk> pool_;
  uint32_t pool_used_ = 0;  ///< chunks of pool_ handed out since reset (the rest are fresh)
  uint32_t free_ = kNil;    ///< free list of returned chunks, most recent first
  std::vector<E> heap_;     ///< the current bucket
  std::vector<E> stack_;    ///< current bucket: sorted, the first entry last
  OpenHeap<E> overflow_;
  size_t count_ = 0;  ///< entries in the lists
  int64_t cur_ = 0;   ///< key of the current bucket
  double inv_delta_ = 1.0;
  Before<E> before_{};
  bool started_ = false;
};

}  // namespace catacomb::detail
