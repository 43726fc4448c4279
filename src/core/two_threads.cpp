// Two threads for one job (see two_threads.hpp). A build without threads (WebAssembly built
// without -pthread, where starting a std::thread fails) runs both halves here, one after the
// other: the halves are independent, so the results are the same.
#include "shared/core/two_threads.hpp"

#include <thread>

namespace catacomb::detail {

void run_pair(void (*work)(void*, int), void* context) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  work(context, 1);
  work(context, 0);
#else
  std::thread other(work, context, 1);
  work(context, 0);
  other.join();
#endif
}

}  // namespace catacomb::detail
