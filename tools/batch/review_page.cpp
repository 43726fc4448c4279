// The batch review page. The cards are rendered here, in seed order, each statistic also stored in
// a data-* attribute; a small inline script sorts (moves the card elements) and filters (sets
// `hidden`) from those attributes, and keeps the state in the URL hash. Rendering the cards in the
// HTML rather than from embedded JSON keeps the page readable without JavaScript and leaves one
// escaping rule to get right: HTML text, applied to every string that comes from the rows.
//
// Cost: O(n log n) for the seed order, output linear in the rows. Deterministic: numbers go
// through <catacomb/core/format.hpp> (std::to_chars, locale-independent), rows are ordered by
// seed with a stable sort, and nothing depends on the clock or the environment.
#include "tools/batch/review_page.hpp"
#include "tools/batch/review_page_assets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>

namespace catacomb::cli {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8

/// Appends `text` escaped for HTML element content and quoted attribute values alike. Invalid
/// UTF-8, surrogates, and C0/C1 control characters other than tab, LF and CR (parse errors in
/// HTML) become U+FFFD, so any byte string yields valid HTML.
void append_text(std::string& out, std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        case '\t':
        case '\n':
        case '\r': out += static_cast<char>(c); break;
        default:
          if (c < 0x20 || c == 0x7F) out += kReplacement;
          else out += static_cast<char>(c);
      }
      ++i;
      continue;
    }
    size_t len = 0;
    uint32_t cp = 0, min = 0;
    if ((c & 0xE0) == 0xC0) {
      len = 2, cp = c & 0x1Fu, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3, cp = c & 0x0Fu, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4, cp = c & 0x07u, min = 0x10000;
    }
    bool ok = len != 0 && i + len <= text.size();
    for (size_t k = 1; ok && k < len; ++k) {
      const auto b = static_cast<unsigned char>(text[i + k]);
      ok = (b & 0xC0) == 0x80;
      cp = (cp << 6) | (b & 0x3Fu);
    }
    ok = ok && cp >= min && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF) && !(cp >= 0x80 && cp <= 0x9F);
    if (ok) {
      out.append(text.substr(i, len));
      i += len;
    } else {
      out += kReplacement;  // one replacement per bad byte: simple and deterministic
      ++i;
    }
  }
}

std::string escaped(std::string_view text) {
  std::string s;
  append_text(s, text);
  return s;
}

/// A file name as a URL that can only be a file reference: every byte outside [A-Za-z0-9-._~/]
/// is percent-encoded (so no scheme such as "http:" or "javascript:" survives, nor "?" or "#"),
/// and leading slashes are collapsed to one (so "//host/x" cannot be a network path).
std::string file_url(std::string_view path) {
  while (path.size() >= 2 && path[0] == '/' && path[1] == '/') path.remove_prefix(1);
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string url;
  for (char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                       c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) {
      url += ch;
    } else {
      url += '%';
      url += kHex[c >> 4];
      url += kHex[c & 0xF];
    }
  }
  return url;
}

/// `v` with `decimals` digits after the point, for display ("inf"/"nan" when not finite).
std::string fixed(double v, int decimals) { return format_fixed(v, decimals); }

/// `v` in the shortest form that round-trips, as JavaScript's Number() reads it.
std::string js_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return format_shortest(v);
}

/// The sort keys, in the order of the select, with their labels; each is also the name of a
/// data-* attribute (underscores as hyphens) on every card. The progression's keys (the columns
/// of summary.csv of the same names) only on a page whose rows have them
/// (ReviewPageInfo::progression).
struct SortKey {
  std::string_view key, label;
  bool progression = false;
};
constexpr SortKey kSortKeys[] = {
    {"seed", "seed"},
    {"valid", "valid"},
    {"attempts", "attempts"},
    {"open_fraction", "open fraction"},
    {"rooms", "rooms"},
    {"objectives", "objectives"},
    {"route_cost", "route cost"},
    {"route_length", "route length"},
    {"loops", "loops"},
    {"dead_ends", "dead ends"},
    {"chokepoints", "chokepoints"},
    {"branchiness", "branchiness", true},
    {"cycles", "cycles", true},
    {"critical_path_share", "critical path share", true},
    {"generate_ms", "generation time"},
};

/// Whether the row was made from a template set or a mission (its card then shows them and
/// carries data-templates, data-theme and data-mission).
bool has_design(const SeedRow& r) { return !r.templates.empty() || !r.mission.empty(); }

/// The theme filter: a button per theme of the rows made from a template set (bytewise order, the
/// rows without a theme last as "no theme"), after an "all themes" button; nothing when no row
/// was made from a template set.
void append_theme_filter(std::string& out, const std::vector<const SeedRow*>& rows) {
  std::map<std::string, size_t> themes;
  size_t none = 0;
  for (const SeedRow* r : rows)
    if (r->templates.empty()) continue;  // a theme is a tag of a set's templates
    else if (r->theme.empty()) ++none;
    else ++themes[r->theme];
  if (themes.empty() && none == 0) return;
  out +=
      "<div id=\"theme-filter\" class=\"themes\" role=\"group\" aria-label=\"Show the seeds of one theme\">\n"
      "<span class=\"label\">Theme</span>\n<button type=\"button\" id=\"theme-all\" aria-pressed=\"true\">all "
      "themes</button>\n";
  auto button = [&out](const std::string& theme, size_t count) {
    out += "<button type=\"button\" class=\"theme\" data-theme=\"";
    append_text(out, theme);
    out += "\" aria-pressed=\"false\">";
    if (theme.empty()) out += "no theme";
    else append_text(out, theme);
    out += " (" + std::to_string(count) + ")</button>\n";
  };
  for (const auto& [theme, count] : themes) button(theme, count);
  if (none > 0) button("", none);
  out += "</div>\n";
}

void append_stat(std::string& out, std::string_view name, const std::string& value) {
  out += "<div><dt>";
  out += name;
  out += "</dt><dd>";
  out += value;
  out += "</dd></div>";
}

/// The command that regenerates seed `r`'s files: those the batch wrote (preview, JSON, ASCII
/// and Moving AI maps), or the preview, JSON and ASCII map for a seed it wrote none of.
std::string seed_command(const SeedRow& r, const ReviewPageInfo& info) {
  const std::string stem = "seed-" + std::to_string(r.seed);
  const auto own = info.theme_commands.find(r.theme);
  const std::string& given = own == info.theme_commands.end() ? info.generate_command : own->second;
  std::string c = given.empty() ? std::string("catacomb generate") : given;
  c += " --seed " + std::to_string(r.seed);
  const bool none = r.png.empty() && r.json.empty() && r.txt.empty() && r.map.empty();
  if (none || !r.png.empty()) c += " --png " + stem + ".png";
  if (none || !r.json.empty()) c += " --json " + stem + ".json";
  if (none || !r.txt.empty()) c += " --txt " + stem + ".txt";
  if (!r.map.empty()) c += " --map " + stem + ".map";
  return c;
}

/// A card's opening tag: its seed, each statistic as a data-* attribute (what the script sorts and
/// filters by), its command and preview.
void append_card_tag(std::string& out, const SeedRow& r, const ReviewPageInfo& info) {
  const std::string seed = std::to_string(r.seed);
  out += "<article class=\"card";
  if (!r.valid) out += " failed";
  out += "\" tabindex=\"0\" data-picked=\"false\" data-seed=\"" + seed + "\"";
  std::vector<std::pair<std::string_view, std::string>> data = {
      {"valid", r.valid ? "1" : "0"},
      {"attempts", std::to_string(r.attempts)},
      {"open-fraction", js_number(r.open_fraction)},
      {"rooms", std::to_string(r.rooms)},
      {"objectives", std::to_string(r.objectives)},
      {"route-cost", js_number(r.route_cost)},
      {"route-length", std::to_string(r.route_length)},
      {"loops", std::to_string(r.loops)},
      {"dead-ends", std::to_string(r.dead_ends)},
      {"chokepoints", std::to_string(r.chokepoints)},
  };
  if (info.progression)  // a batch with locks: the sort keys of the progression's shape
    data.insert(data.end(), {{"branchiness", js_number(r.branchiness)},
                             {"cycles", std::to_string(r.cycles)},
                             {"critical-path-share", js_number(r.critical_share)}});
  data.emplace_back("generate-ms", js_number(r.generate_ms));
  for (const auto& [name, value] : data) {
    out += " data-";
    out += name;
    out += "=\"" + value + "\"";
  }
  if (has_design(r)) {  // what the theme filter reads; only on a page of such rows (as before)
    const std::pair<std::string_view, const std::string*> design[] = {
        {"templates", &r.templates}, {"theme", &r.theme}, {"mission", &r.mission}};
    for (const auto& [name, value] : design) {
      out += " data-";
      out += name;
      out += "=\"";
      append_text(out, *value);
      out += "\"";
    }
  }
  out += " data-command=\"";
  append_text(out, seed_command(r, info));
  out += "\"";
  if (!r.png.empty()) out += " data-png=\"" + file_url(r.png) + "\"";
  out += " aria-label=\"Seed " + seed + (r.valid ? "" : ", failed") + "\">\n";
}

/// A card's statistics, shown (and copied into the viewer): a dash for a failed seed's map ones.
void append_card_stats(std::string& out, const SeedRow& r, const ReviewPageInfo& info) {
  out += "<dl class=\"stats\">";
  // A failed seed has no dungeon: its map statistics are a dash, not zeros.
  auto stat = [&r](const std::string& value) { return r.valid ? value : std::string("&ndash;"); };
  append_stat(out, "valid", r.valid ? "yes" : "no");
  append_stat(out, "attempts", std::to_string(r.attempts));
  append_stat(out, "open", stat(fixed(r.open_fraction * 100, 1) + "%"));
  append_stat(out, "rooms", stat(std::to_string(r.rooms)));
  append_stat(out, "objectives", stat(std::to_string(r.objectives)));
  append_stat(out, "route cost", stat(fixed(r.route_cost, 1)));
  append_stat(out, "route length", stat(std::to_string(r.route_length)));
  append_stat(out, "loops", stat(std::to_string(r.loops)));
  append_stat(out, "dead ends", stat(std::to_string(r.dead_ends)));
  append_stat(out, "chokepoints", stat(std::to_string(r.chokepoints)));
  if (info.progression) {  // a batch with locks: the progression's shape (docs/progression.md)
    append_stat(out, "branchiness", stat(fixed(r.branchiness, 2)));
    append_stat(out, "cycles", stat(std::to_string(r.cycles)));
    append_stat(out, "critical path", stat(fixed(r.critical_share * 100, 1) + "%"));
  }
  append_stat(out, "time", fixed(r.generate_ms, 2) + " ms");
  if (has_design(r)) {  // the viewer copies the statistics, these with them
    append_stat(out, "templates", r.templates.empty() ? std::string("&ndash;") : escaped(r.templates));
    append_stat(out, "theme", r.theme.empty() ? std::string("&ndash;") : escaped(r.theme));
    append_stat(out, "mission", r.mission.empty() ? std::string("&ndash;") : escaped(r.mission));
  }
  out += "</dl>\n";
}

/// A card's links to the files the seed has ("no files" when none).
void append_card_links(std::string& out, const SeedRow& r) {
  const std::pair<std::string_view, const std::string*> files[] = {
      {"PNG", &r.png}, {"JSON", &r.json}, {"TXT", &r.txt}, {"TMJ", &r.tmj}, {"MAP", &r.map}};
  std::string links;
  for (const auto& [label, path] : files) {
    if (path->empty()) continue;
    links += "<a href=\"" + file_url(*path) + "\">";
    links += label;
    links += "</a> ";
  }
  if (links.empty()) {
    out += "<p class=\"links none\">no files</p>\n";
  } else {
    links.pop_back();
    out += "<p class=\"links\">" + links + "</p>\n";
  }
}

/// One seed's card: the tag, its thumbnail, heading and Pick button, statistics, error and links.
void append_card(std::string& out, const SeedRow& r, const ReviewPageInfo& info) {
  append_card_tag(out, r, info);
  const std::string seed = std::to_string(r.seed);
  if (!r.png.empty()) {
    const std::string url = file_url(r.png);
    out += "<a class=\"thumb\" href=\"" + url + "\"><img src=\"" + url + "\" alt=\"Preview of seed " + seed +
           "\" loading=\"lazy\" decoding=\"async\"></a>\n";
  } else {
    out += "<div class=\"thumb none\">no preview</div>\n";
  }

  out += "<h2>Seed " + seed;
  if (!r.valid) out += " <span class=\"badge failed\">failed</span>";
  out +=
      " <button type=\"button\" class=\"pick\" aria-pressed=\"false\" title=\"Pick or unpick this seed "
      "(p)\">Pick</button>";
  out += "</h2>\n";
  append_card_stats(out, r, info);

  if (!r.error.empty()) {
    out += "<p class=\"error\"><strong>Error:</strong> ";
    append_text(out, r.error);
    out += "</p>\n";
  }

  append_card_links(out, r);
  out += "</article>\n";
}

}  // namespace

std::string review_page_html(const std::vector<SeedRow>& rows, const ReviewPageInfo& info) {
  std::vector<const SeedRow*> order;
  order.reserve(rows.size());
  for (const auto& r : rows) order.push_back(&r);
  std::stable_sort(order.begin(), order.end(), [](const SeedRow* a, const SeedRow* b) { return a->seed < b->seed; });

  size_t valid = 0;
  for (const auto& r : rows) valid += r.valid ? 1 : 0;
  const std::string title = escaped(info.title.empty() ? std::string("catacomb batch") : info.title);
  const std::string total = std::to_string(rows.size());

  std::string out;
  out.reserve(8192 + rows.size() * 1600);
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"color-scheme\" content=\"light dark\">\n";
  out += "<meta name=\"generator\" content=\"catacomb\">\n";
  out += "<title>" + title + "</title>\n<style>\n";
  out += kReviewPageStyle;
  out += "</style>\n</head>\n<body>\n<header>\n<h1>" + title + "</h1>\n<p class=\"summary\">";
  out += total + (rows.size() == 1 ? " seed" : " seeds") + " (" + std::to_string(valid) + " valid, " +
         std::to_string(rows.size() - valid) + " failed)";
  if (!info.generator.empty()) {
    out += " &middot; generator ";
    append_text(out, info.generator);
  }
  if (!info.seeds.empty()) {
    out += " &middot; seeds ";
    append_text(out, info.seeds);
  }
  if (!info.contact_sheet.empty())
    out += " &middot; <a href=\"" + file_url(info.contact_sheet) + "\">contact sheet</a>";
  out += "</p>\n";

  out += "<div class=\"controls\" role=\"group\" aria-label=\"Sort and filter the seeds\">\n";
  out += "<label for=\"sort-key\">Sort by</label>\n<select id=\"sort-key\" name=\"sort\">\n";
  for (const auto& k : kSortKeys) {
    if (k.progression && !info.progression) continue;
    out += "<option value=\"";
    out += k.key;
    out += k.key == "seed" ? "\" selected>" : "\">";
    out += k.label;
    out += "</option>\n";
  }
  out += "</select>\n";
  out +=
      "<button type=\"button\" id=\"sort-dir\" data-dir=\"asc\" title=\"Toggle the sort direction\">ascending "
      "&#x2191;</button>\n";
  out +=
      "<label for=\"filter\">Show</label>\n<select id=\"filter\" name=\"filter\">\n"
      "<option value=\"all\" selected>all seeds</option>\n<option value=\"valid\">valid only</option>\n"
      "<option value=\"invalid\">invalid only</option>\n"
      "<option value=\"picked\">picked only</option>\n</select>\n";
  out += "<span id=\"count\" role=\"status\">showing " + total + " of " + total + "</span>\n</div>\n";
  append_theme_filter(out, order);
  out += "<noscript><p>Sorting and filtering need JavaScript; the seeds are listed in seed order.</p></noscript>\n";
  const std::string picks_command = info.picks_command.empty()
                                        ? std::string("catacomb batch --seeds-file picks.txt --out picks --html")
                                        : info.picks_command;
  out +=
      "<section class=\"picks\" id=\"picks\" aria-labelledby=\"picks-title\">\n"
      "<h2 id=\"picks-title\">Picks (<span id=\"picks-count\">0</span>)</h2>\n"
      "<p class=\"summary\">Click a picture, or press <kbd>Enter</kbd> on a card, to view the seed large; "
      "<kbd>&larr;</kbd> <kbd>&rarr;</kbd> step through the seeds shown, <kbd>p</kbd> picks or unpicks, "
      "<kbd>Esc</kbd> closes. Picks stay in this browser.</p>\n"
      "<pre id=\"picks-list\" data-picks></pre>\n"
      "<p class=\"links\"><a id=\"picks-download\" download=\"picks.txt\">Download picks.txt</a> "
      "<button type=\"button\" id=\"picks-clear\">Clear picks</button></p>\n"
      "<p>Regenerate the picks (with picks.txt in the current directory):</p>\n<pre id=\"picks-command\">";
  append_text(out, picks_command);
  out += "</pre>\n</section>\n";
  out += "</header>\n<main id=\"cards\" class=\"grid\" data-batch=\"";
  append_text(
      out, info.batch_key.empty() ? (info.title.empty() ? std::string("catacomb batch") : info.title) : info.batch_key);
  out += "\">\n";
  for (const SeedRow* r : order) append_card(out, *r, info);
  out += "</main>\n";
  out +=
      "<div id=\"viewer\" class=\"viewer\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"viewer-title\" "
      "hidden>\n"
      "<div class=\"viewer-box\">\n<div class=\"viewer-head\"><h2 id=\"viewer-title\">Seed</h2>"
      "<span id=\"viewer-position\" class=\"summary\"></span>"
      "<button type=\"button\" id=\"viewer-prev\" title=\"Previous seed (&larr;)\">&larr; previous</button>"
      "<button type=\"button\" id=\"viewer-next\" title=\"Next seed (&rarr;)\">next &rarr;</button>"
      "<button type=\"button\" id=\"viewer-pick\" aria-pressed=\"false\">Pick (p)</button>"
      "<button type=\"button\" id=\"viewer-close\">Close (Esc)</button></div>\n"
      "<div class=\"viewer-body\"><div class=\"viewer-image\"><img id=\"viewer-img\" alt=\"\" hidden>"
      "<p id=\"viewer-none\" class=\"summary\" hidden>nothing to show: no valid dungeon</p></div>\n"
      "<div class=\"viewer-side\"><dl id=\"viewer-stats\" class=\"stats\"></dl>"
      "<p id=\"viewer-error\" class=\"error\"></p>"
      "<div>Regenerate this seed:</div><pre id=\"viewer-command\"></pre>"
      "<p id=\"viewer-links\" class=\"links\"></p></div></div>\n</div>\n</div>\n";
  out += "<script>\n";
  out += kReviewPageScript;
  out += "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace catacomb::cli
