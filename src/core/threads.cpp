// The CLI's default thread count (threads.hpp): asks the standard library how many cores there
// are, once per call. Which count it picks never changes an output, only the time taken.
#include <catacomb/core/threads.hpp>

#include <thread>

namespace catacomb {

int default_threads() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  return 1;  // WebAssembly without -pthread has no second thread
#else
  return std::thread::hardware_concurrency() > 1 ? 2 : 1;
#endif
}

}  // namespace catacomb
