// What `catacomb batch --merge` reads from a shard, on any bytes: its summary.json (before a NUL
// byte) gives a shard or InvalidArgument; each line of its rows (after the NUL) is a row or
// refused, and a row read, written back as a journal line, reads as the same line again.
#include <catacomb/core/error.hpp>

#include "fuzz_common.hpp"
#include "tools/batch/batch_merge.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  const std::string_view text = fuzz::as_text(data, size);
  const size_t nul = text.find('\0');
  try {
    const cli::ShardRun s = cli::parse_shard_summary(text.substr(0, nul), "fuzz");
    fuzz::check(s.index >= 1 && s.index <= s.count, "a shard K/N read has 1 <= K <= N");
  } catch (const InvalidArgument&) {}
  if (nul == std::string_view::npos) return 0;
  std::string_view rows = text.substr(nul + 1);
  const cli::BatchColumns columns{true, true, true, true};  // every optional column, templates' too
  while (!rows.empty()) {
    const size_t end = rows.find('\n');
    const std::string_view line = rows.substr(0, end);
    rows = end == std::string_view::npos ? std::string_view() : rows.substr(end + 1);
    cli::SeedRow row;
    if (!cli::batch_row_from_jsonl(line, row)) continue;
    const std::string written = cli::batch_journal_row(row, columns);
    cli::SeedRow again;
    fuzz::check(cli::batch_row_from_jsonl(std::string_view(written).substr(0, written.size() - 1), again),
                "a row written back reads");
    fuzz::check(cli::batch_journal_row(again, columns) == written, "row write -> read round trip");
  }
  return 0;
}
