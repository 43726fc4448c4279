// The memory budget of a request (tools/memory_budget.hpp). Physical memory comes from the one
// system call that knows it (sysconf on POSIX, GlobalMemoryStatusEx on Windows).
#include "tools/memory_budget.hpp"

#include "shared/core/windows.hpp"
#if !defined(_WIN32)
#include <unistd.h>
#endif

#include <optional>

#include <catacomb/core/error.hpp>
#include "tools/number_flags.hpp"

namespace catacomb::cli {
namespace {

uint64_t physical_memory() {
#if defined(_WIN32)
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  return ::GlobalMemoryStatusEx(&status) ? status.ullTotalPhys : 0;
#else
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) : 0;
#endif
}

constexpr uint64_t kMiB = uint64_t{1} << 20;

}  // namespace

void MemoryBudget::add_option(CLI::App& sub) {
  add_number_option(sub, "--max-memory", max_mib,
                    "Refuse work estimated to need more than this many MiB (0 = half the physical memory)");
}

uint64_t MemoryBudget::bytes() const {
  if (max_mib > 0) return max_mib > UINT64_MAX / kMiB ? UINT64_MAX : max_mib * kMiB;
  const uint64_t physical = physical_memory();
  return physical > 0 ? physical / 2 : uint64_t{4} << 30;
}

void MemoryBudget::check(const std::string& what, uint64_t cells, uint64_t bytes_per_cell, uint64_t copies) const {
  // cells <= 2^28 and bytes_per_cell < 2^7: no overflow before copies (at most 256 threads).
  const uint64_t need = cells * bytes_per_cell * copies;
  const uint64_t budget = bytes();
  if (need <= budget) return;
  const uint64_t need_mib = (need + kMiB - 1) / kMiB;
  std::string how = what + " needs about " + std::to_string(bytes_per_cell) + " bytes per cell x " +
                    std::to_string(cells) + " cells" + (copies > 1 ? " x " + std::to_string(copies) + " threads" : "");
  throw InvalidArgument(FieldProblem{
      "--max-memory", std::to_string(budget / kMiB) + " MiB" + (max_mib == 0 ? " (half the physical memory)" : ""),
      "at least " + std::to_string(need_mib) + " MiB: " + how + "; ask for a smaller map or raise --max-memory"});
}

MapFile MemoryBudget::load_map(const std::string& path, const std::string& what, uint64_t bytes_per_cell) const {
  std::optional<InvalidArgument> refused;  // the budget's own message, not wrapped in the file's name
  try {
    return load_map_file(path, [&](int width, int height) {
      try {
        check(what, uint64_t(width) * uint64_t(height), bytes_per_cell);
      } catch (const InvalidArgument& e) {
        refused = e;
        throw;
      }
    });
  } catch (const InvalidArgument&) {
    if (refused) throw *refused;
    throw;
  }
}

}  // namespace catacomb::cli
