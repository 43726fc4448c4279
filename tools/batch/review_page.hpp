#pragma once
/// The HTML review page of a batch run (index.html): one card per seed with its thumbnail, its
/// statistics and links to its files, sortable by every statistic and filterable by outcome.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tools/batch/batch_summary.hpp"

namespace catacomb::cli {

/// Most seeds a review page shows (`batch --html` refuses a run of more up front): the page holds
/// every card (about 1.5 KB each, so at most about 30 MB), and is built in memory from its rows.
inline constexpr uint64_t kMaxReviewPageSeeds = 20'000;

/// What the page says about the run as a whole.
struct ReviewPageInfo {
  std::string title;          ///< page title and heading, e.g. "catacomb batch: rooms, seeds 1..100"
  std::string generator;      ///< "rooms" or "caves"
  std::string seeds;          ///< the seed range, "A..B"
  std::string contact_sheet;  ///< file name of the first contact sheet page (relative), or empty
  /// The command that regenerates one seed's files, without --seed and the file flags (which
  /// the page adds per seed: " --seed N --png seed-N.png --json seed-N.json --txt seed-N.txt"),
  /// e.g. "catacomb generate --generator caves --scale 8"; empty: "catacomb generate".
  std::string generate_command;
  /// A merge of batches with different themes: each theme's generate_command (by the rows'
  /// theme, "" for none), used instead of generate_command for that theme's rows.
  std::map<std::string, std::string> theme_commands;
  /// The command that regenerates the picked seeds from the downloaded picks.txt, e.g.
  /// "catacomb batch --seeds-file picks.txt --generator caves --out picks --html". A merge of
  /// batches with different themes has one line per batch's command (each regenerates the picks
  /// of its theme); picks.txt then opens with a "# regenerate: " line for each.
  std::string picks_command;
  /// What tells this batch's picks from another's in the browser's storage (the recipe and the
  /// seeds); empty: the title.
  std::string batch_key;
  /// The rows carry the progression metrics (a batch with locks, BatchColumns::progression):
  /// each card then shows branchiness, cycles and the critical path's share of the map, carries
  /// them as data-branchiness, data-cycles and data-critical-path-share, and the sort menu offers
  /// them (branchiness, cycles, critical_path_share). False: none of these, the page as before.
  bool progression = false;
};

/// A self-contained index.html: no network resources (inline CSS and JS only, no CDN, no
/// fonts/images from the web), working from the file system (file://).
///
/// The cards are rendered in the HTML, in seed order, as `<article class="card" data-seed="N">`
/// (class "failed" too when invalid) carrying each statistic in a data-* attribute
/// (data-route-length for route_length, ...); the inline script only reorders and hides them, so
/// the page reads without JavaScript. Controls: `<select id="sort-key">` (values: seed, valid,
/// attempts, open_fraction, rooms, objectives, route_cost, route_length, loops, dead_ends,
/// chokepoints, then branchiness, cycles and critical_path_share when ReviewPageInfo::progression,
/// then generate_ms), `<button id="sort-dir">` (toggles data-dir="asc"/"desc"),
/// `<select id="filter">` (all, valid, invalid, picked) and `<span id="count">` ("showing X of Y").
/// Sorting moves the cards in the DOM (ties by seed ascending); filtered-out cards get the
/// `hidden` attribute. The state round-trips through the URL hash,
/// `#sort=route_length&dir=desc&filter=invalid`, so a view can be bookmarked.
///
/// Rows made from a template set or a mission (SeedRow::templates or mission not empty): their
/// cards carry `data-templates`, `data-theme` and `data-mission` (each "" when none) and show them
/// among the statistics (and so in the viewer); the page then has a theme filter,
/// `<div id="theme-filter" role="group">` with `<button id="theme-all">` and one
/// `<button class="theme" data-theme="T">` per theme present (bytewise order; data-theme="" for
/// the rows without a theme, labelled "no theme", last), the chosen one aria-pressed="true". A
/// theme hides the cards whose data-theme differs, together with the filter and the sort; it is
/// kept in the hash as `&theme=T` (none for all themes). Pages of other rows have neither, as
/// before.
///
/// The designer's tools: clicking a card's image, or Enter on a focused card (each card has
/// tabindex 0), opens a viewer (`<div id="viewer" role="dialog">`) with the seed's full preview,
/// its statistics and the exact command that regenerates it (`data-command` on each card);
/// ArrowLeft/ArrowRight step through the visible cards in their current order, Escape closes.
/// `p` (or the Pick buttons on the card and in the viewer) picks or unpicks the seed: a picked
/// card has data-picked="true" (else "false"); picks are kept in localStorage under
/// "catacomb-picks:" + batch_key, so two batches do not mix and a reload keeps them. The picks
/// panel lists them in `<pre id="picks-list" data-picks>` (one seed per line, in seed order),
/// offers them as picks.txt (`<a id="picks-download">`: a "# regenerate: <picks_command>" line,
/// then the seeds) and shows picks_command. The filter has a "picked" choice too.
///
/// Every text (titles, error messages, file names) is HTML-escaped; invalid UTF-8 and control
/// characters become U+FFFD. File links are made relative-safe (percent-encoded, so a name can
/// never turn into a network or javascript: URL). Rows must have distinct seeds.
/// Deterministic: the same rows and info give the same bytes (generate_ms being the only
/// run-dependent input). No seed is marked slow: wall-clock times on a busy machine flag a
/// different seed on every run; the time is a statistic to sort by.
std::string review_page_html(const std::vector<SeedRow>& rows, const ReviewPageInfo& info);

}  // namespace catacomb::cli
