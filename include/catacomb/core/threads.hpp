#pragma once
/// Thread counts: the one range every `threads` setting accepts (GenerateConfig::threads, the
/// CLI's --threads of generate, validate and batch) and the CLI's default.
#include <catacomb/export.hpp>
#include <string>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Most threads a `threads` setting may ask for (GenerateConfig::threads, a batch's workers).
inline constexpr int kMaxThreads = 256;

/// True when `threads` is in [1, kMaxThreads].
constexpr bool threads_in_range(int threads) { return threads >= 1 && threads <= kMaxThreads; }

/// The range as a FieldProblem's `expected` text: "1 to 256".
inline std::string threads_range_text() { return "1 to " + std::to_string(kMaxThreads); }

/// The CLI's default thread count for one map (generate, validate): 2 on a machine with two
/// cores or more, else 1 (std::thread::hardware_concurrency, which may report 0: then 1); 1 in
/// WebAssembly built without threads.
int default_threads();

}  // namespace catacomb
CATACOMB_PUBLIC_END
