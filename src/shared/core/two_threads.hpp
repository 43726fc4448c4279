#pragma once
// Two threads for one job (internal to the library): the caller's and one more, each taking its
// half, as the floods, validation and the analysis split their work on a machine of two cores.
#include <exception>

namespace catacomb::detail {

/// Runs work(context, 1) on a new thread and work(context, 0) on this one, and waits for both.
/// A plain function (two_threads.cpp), so that no std::thread type is made from a caller's
/// lambda: a shared library would export that type's vtable and typeinfo. `work` must not throw.
void run_pair(void (*work)(void*, int), void* context);

/// work(0) on this thread and work(1) on another when `two` (through run_pair), else work(0)
/// then work(1) here; then throws what either threw (the first half's first).
template <typename Work>
void in_two(bool two, const Work& work) {
  if (!two) {
    work(0);
    work(1);
    return;
  }
  std::exception_ptr failed[2];
  auto guarded = [&](int half) {
    try {
      work(half);
    } catch (...) {
      failed[half] = std::current_exception();
    }
  };
  run_pair([](void* g, int half) { (*static_cast<decltype(guarded)*>(g))(half); }, &guarded);
  for (const std::exception_ptr& f : failed)
    if (f) std::rethrow_exception(f);
}

}  // namespace catacomb::detail
