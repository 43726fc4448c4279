// Two threads for one job (see two_threads.hpp).
#include "shared/core/two_threads.hpp"

#include <thread>

namespace catacomb::detail {

void run_pair(void (*work)(void*, int), void* context) {
  std::thread other(work, context, 1);
  work(context, 0);
  other.join();
}

}  // namespace catacomb::detail
