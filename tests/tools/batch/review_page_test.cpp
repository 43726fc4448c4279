// The batch review page: unit tests on the HTML text, and a few tests in a real headless Chromium
// (--dump-dom prints the DOM after the page's script ran), which CI installs with scripts/setup.sh.
#include "tools/batch/review_page.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>
#include <catacomb/render/image.hpp>
#include "support/test_support.hpp"

extern char** environ;

namespace catacomb {
namespace {

using cli::review_page_html;
using cli::ReviewPageInfo;
using cli::SeedRow;

constexpr char kHostile[] = "</script><b>x&\"'";

/// Eight seeds, given out of order, two of them beyond 2^53 and one apart (a JavaScript Number
/// would tie them), two invalid, ties in route_length.
std::vector<SeedRow> fake_rows() {
  struct Fake {
    uint64_t seed;
    bool valid;
    int64_t length;
    double cost;
    double ms;
  };
  const Fake fakes[] = {
      {100, true, 30, 33.5, 8},
      {7, true, 30, 31.0, 25},
      {12, false, 0, 0, 40},
      {9007199254740993u, false, 0, 0, 2},
      {64, true, 12, 12.8, 1},
      {9007199254740992u, true, 45, 47.1, 11},
      {18446744073709551615u, true, 12, 14.2, 9},
      {5, true, 30, 30.0, 3},
  };
  std::vector<SeedRow> rows;
  int i = 0;
  for (const Fake& f : fakes) {
    SeedRow r;
    r.seed = f.seed;
    r.valid = f.valid;
    r.attempts = f.valid ? 1 + i % 3 : 8;
    r.open_fraction = 0.25 + 0.03125 * i;
    r.rooms = 4 + i;
    r.objectives = 3;
    r.route_cost = f.cost;
    r.route_length = f.length;
    r.loops = i % 4;
    r.dead_ends = 2 * i;
    r.chokepoints = i % 2;
    r.generate_ms = f.ms;
    const std::string stem = "seed-" + std::to_string(f.seed);
    if (f.valid) {
      r.png = stem + ".png";
      r.json = stem + ".json";
      r.txt = stem + ".txt";
    } else {
      r.error = std::string("objective 2 unreachable ") + kHostile;
    }
    rows.push_back(r);
    ++i;
  }
  rows[1].tmj = "seed-7.tmj";
  rows[1].map = "seed-7.map";
  return rows;
}

ReviewPageInfo fake_info() {
  ReviewPageInfo info;
  info.title = "catacomb batch: rooms, seeds 5..18446744073709551615";
  info.generator = "rooms";
  info.seeds = "5..18446744073709551615";
  info.contact_sheet = "contact-1.png";
  return info;
}

/// The seeds of the rows sorted by `key` (ties by seed ascending), as the page should show them.
std::vector<std::string> expected_order(std::vector<SeedRow> rows, const std::function<double(const SeedRow&)>& key,
                                        bool descending) {
  std::stable_sort(rows.begin(), rows.end(), [&](const SeedRow& a, const SeedRow& b) {
    const double x = key(a), y = key(b);
    if (x != y) return descending ? x > y : x < y;
    return a.seed < b.seed;
  });
  std::vector<std::string> seeds;
  for (const auto& r : rows) seeds.push_back(std::to_string(r.seed));
  return seeds;
}

std::vector<std::string> seeds_in_seed_order(std::vector<SeedRow> rows, bool descending) {
  std::sort(rows.begin(), rows.end(),
            [&](const SeedRow& a, const SeedRow& b) { return descending ? a.seed > b.seed : a.seed < b.seed; });
  std::vector<std::string> seeds;
  for (const auto& r : rows) seeds.push_back(std::to_string(r.seed));
  return seeds;
}

struct Card {
  std::string seed;
  bool hidden = false;
  bool failed = false;
};

/// The card elements of an HTML text (source or dumped DOM), in document order.
std::vector<Card> cards_of(const std::string& html) {
  static const std::regex tag(R"(<article\b([^>]*)>)");
  static const std::regex seed(R"(\bdata-seed="([0-9]+)\")");
  static const std::regex cls(R"(\bclass="([^"]*)\")");
  static const std::regex hidden(R"((^|\s)hidden(=""|\s|$))");
  std::vector<Card> cards;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), tag); it != std::sregex_iterator(); ++it) {
    const std::string attrs = (*it)[1];
    std::smatch m;
    if (!std::regex_search(attrs, m, cls) || !std::regex_search(m[1].str(), std::regex(R"((^| )card( |$))"))) continue;
    Card c;
    c.failed = std::regex_search(m[1].str(), std::regex(R"((^| )failed( |$))"));
    if (std::regex_search(attrs, m, seed)) c.seed = m[1];
    c.hidden = std::regex_search(attrs, hidden);
    cards.push_back(c);
  }
  return cards;
}

std::vector<std::string> seeds_of(const std::vector<Card>& cards, bool visible_only = false) {
  std::vector<std::string> seeds;
  for (const auto& c : cards)
    if (!visible_only || !c.hidden) seeds.push_back(c.seed);
  return seeds;
}

size_t count_of(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// --- the HTML text ----------------------------------------------------------------------------

TEST(ReviewPageTest, IsAStandaloneHtml5DocumentWithLabelledControls) {
  const std::string html = review_page_html(fake_rows(), fake_info());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0), 0u);
  EXPECT_NE(html.find("<meta charset=\"utf-8\">"), std::string::npos);
  EXPECT_NE(html.find("<title>catacomb batch: rooms, seeds 5..18446744073709551615</title>"), std::string::npos);
  EXPECT_NE(html.find("prefers-color-scheme: dark"), std::string::npos);
  EXPECT_NE(html.find("image-rendering: pixelated"), std::string::npos);
  for (const char* control : {"<select id=\"sort-key\"", "<button type=\"button\" id=\"sort-dir\"",
                              "<select id=\"filter\"", "<span id=\"count\""})
    EXPECT_NE(html.find(control), std::string::npos) << control;
  EXPECT_NE(html.find("<label for=\"sort-key\">"), std::string::npos);
  EXPECT_NE(html.find("<label for=\"filter\">"), std::string::npos);
  EXPECT_NE(html.find("showing 8 of 8"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"contact-1.png\">contact sheet</a>"), std::string::npos);
  for (const char* key : {"seed", "valid", "attempts", "open_fraction", "rooms", "objectives", "route_cost",
                          "route_length", "loops", "dead_ends", "chokepoints", "generate_ms"})
    EXPECT_NE(html.find("<option value=\"" + std::string(key) + "\""), std::string::npos) << key;
  // Nothing from the network: no URL scheme at all, no external style sheet, script or font.
  EXPECT_EQ(html.find("http:"), std::string::npos);
  EXPECT_EQ(html.find("https:"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(count_of(html, "<script"), 1u);
  EXPECT_EQ(html.find("<script src"), std::string::npos);
  static const std::regex ref(R"re(\b(src|href)="([^"]*)")re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), ref); it != std::sregex_iterator(); ++it) {
    const std::string url = (*it)[2];
    EXPECT_EQ(url.find(':'), std::string::npos) << url;
    EXPECT_NE(url.rfind("//", 0), 0u) << url;
  }
  // Every image has alt text (the viewer's is set when it opens).
  EXPECT_EQ(count_of(html, "<img "), 7u);
  EXPECT_EQ(count_of(html, "<img id=\"viewer-img\" alt=\"\" hidden>"), 1u);
  EXPECT_EQ(count_of(html, "alt=\"Preview of seed "), 6u);
  EXPECT_EQ(count_of(html, "loading=\"lazy\""), 6u);
}

TEST(ReviewPageTest, HasOneCardPerRowInSeedOrder) {
  const auto rows = fake_rows();
  const auto cards = cards_of(review_page_html(rows, fake_info()));
  EXPECT_EQ(seeds_of(cards), seeds_in_seed_order(rows, false));
  for (const auto& c : cards) EXPECT_FALSE(c.hidden);
  EXPECT_TRUE(cards_of(review_page_html({}, fake_info())).empty());
}

TEST(ReviewPageTest, EscapesHostileTextEverywhere) {
  auto rows = fake_rows();
  rows[0].png = "x\" onerror=\"alert(1).png";
  rows[0].json = "javascript:alert(1)";
  rows[0].txt = "//evil.example/seed.txt";
  rows[0].tmj = "http://evil.example/a b#c?.tmj";
  ReviewPageInfo info = fake_info();
  info.title = kHostile;
  info.generator = kHostile;
  info.seeds = kHostile;
  info.contact_sheet = "https://evil.example/sheet.png";
  const std::string html = review_page_html(rows, info);
  EXPECT_EQ(html.find(kHostile), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  const std::string escaped = "&lt;/script&gt;&lt;b&gt;x&amp;&quot;&#39;";
  EXPECT_EQ(count_of(html, "objective 2 unreachable " + escaped), 2u);
  EXPECT_EQ(count_of(html, "<title>" + escaped + "</title>"), 1u);
  EXPECT_EQ(count_of(html, "</script>"), 1u);
  EXPECT_NE(html.find("src=\"x%22%20onerror%3D%22alert%281%29.png\""), std::string::npos);
  EXPECT_NE(html.find("href=\"javascript%3Aalert%281%29\""), std::string::npos);
  EXPECT_NE(html.find("href=\"/evil.example/seed.txt\""), std::string::npos);
  EXPECT_NE(html.find("href=\"http%3A//evil.example/a%20b%23c%3F.tmj\""), std::string::npos);
  EXPECT_NE(html.find("href=\"https%3A//evil.example/sheet.png\""), std::string::npos);
  EXPECT_EQ(html.find("http:"), std::string::npos);
  EXPECT_EQ(html.find("https:"), std::string::npos);
  EXPECT_EQ(cards_of(html).size(), rows.size());
}

TEST(ReviewPageTest, ReplacesInvalidUtf8AndControlCharacters) {
  std::vector<SeedRow> rows(1);
  rows[0].error =
      "a\x01"
      "b\xff\xc3\xa9\xed\xa0\x80z\x7f\xc2\x85\xf0\x9f\x92\x80\xe2\x82";
  const std::string html = review_page_html(rows, {});
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_NE(
      html.find("a" + r + "b" + r + "\xc3\xa9" + r + r + r + "z" + r + r + r + "\xf0\x9f\x92\x80" + r + r + "</p>"),
      std::string::npos);
  EXPECT_NE(html.find("<title>catacomb batch</title>"), std::string::npos);
}

TEST(ReviewPageTest, MarksInvalidSeedsAsFailedAndLinksOnlyTheFilesThatExist) {
  const std::string html = review_page_html(fake_rows(), fake_info());
  const auto cards = cards_of(html);
  for (const auto& c : cards) EXPECT_EQ(c.failed, c.seed == "12" || c.seed == "9007199254740993") << c.seed;
  EXPECT_EQ(count_of(html, "<span class=\"badge failed\">failed</span>"), 2u);
  EXPECT_EQ(count_of(html, "no preview"), 2u);
  EXPECT_EQ(count_of(html, "no files"), 2u);
  EXPECT_NE(html.find("<a class=\"thumb\" href=\"seed-7.png\"><img src=\"seed-7.png\" alt=\"Preview of seed 7\""),
            std::string::npos);
  EXPECT_NE(html.find("<a href=\"seed-7.png\">PNG</a> <a href=\"seed-7.json\">JSON</a> <a href=\"seed-7.txt\">TXT</a> "
                      "<a href=\"seed-7.tmj\">TMJ</a> <a href=\"seed-7.map\">MAP</a>"),
            std::string::npos);
  EXPECT_EQ(count_of(html, ">TMJ</a>"), 1u);
  EXPECT_NE(html.find("data-seed=\"64\" data-valid=\"1\" data-attempts=\"2\" data-open-fraction=\"0.375\" "
                      "data-rooms=\"8\" data-objectives=\"3\" data-route-cost=\"12.8\" data-route-length=\"12\" "
                      "data-loops=\"0\" data-dead-ends=\"8\" data-chokepoints=\"0\" data-generate-ms=\"1\""),
            std::string::npos);
  EXPECT_NE(html.find("<dt>route cost</dt><dd>12.8</dd>"), std::string::npos);
  EXPECT_NE(html.find("<dt>open</dt><dd>37.5%</dd>"), std::string::npos);
}

TEST(ReviewPageTest, HasTheViewerThePicksPanelAndEachSeedsCommand) {
  ReviewPageInfo info = fake_info();
  info.generate_command = "catacomb generate --generator caves --scale 8";
  info.picks_command = "catacomb batch --seeds-file picks.txt --generator caves --scale 8 --out picks --html";
  info.batch_key = "5..18446744073709551615 --generator caves";
  const std::string html = review_page_html(fake_rows(), info);
  EXPECT_EQ(count_of(html, "role=\"dialog\""), 1u);
  EXPECT_NE(html.find("<div id=\"viewer\" class=\"viewer\" role=\"dialog\" aria-modal=\"true\" "
                      "aria-labelledby=\"viewer-title\" hidden>"),
            std::string::npos);
  EXPECT_NE(html.find("<pre id=\"picks-list\" data-picks></pre>"), std::string::npos);
  EXPECT_NE(html.find("<a id=\"picks-download\" download=\"picks.txt\">"), std::string::npos);
  EXPECT_NE(
      html.find(
          "<pre id=\"picks-command\">catacomb batch --seeds-file picks.txt --generator caves --scale 8 --out picks "
          "--html</pre>"),
      std::string::npos);
  EXPECT_NE(html.find("data-batch=\"5..18446744073709551615 --generator caves\""), std::string::npos);
  EXPECT_NE(html.find("<option value=\"picked\">picked only</option>"), std::string::npos);
  // Every card is focusable, starts unpicked, has a Pick button and the command of its seed.
  EXPECT_EQ(count_of(html, "tabindex=\"0\" data-picked=\"false\" data-seed="), 8u);
  EXPECT_EQ(count_of(html, "<button type=\"button\" class=\"pick\" aria-pressed=\"false\""), 8u);
  EXPECT_NE(
      html.find(
          "data-command=\"catacomb generate --generator caves --scale 8 --seed 7 --png seed-7.png --json seed-7.json "
          "--txt seed-7.txt --map seed-7.map\" data-png=\"seed-7.png\""),
      std::string::npos);
  EXPECT_NE(html.find("data-command=\"catacomb generate --generator caves --scale 8 --seed 12 --png seed-12.png --json "
                      "seed-12.json --txt seed-12.txt\" aria-label=\"Seed 12, failed\""),
            std::string::npos);
}

TEST(ReviewPageTest, FailedSeedsShowDashesNotZeros) {
  const std::string html = review_page_html(fake_rows(), fake_info());
  const size_t card = html.find("data-seed=\"12\"");
  ASSERT_NE(card, std::string::npos);
  const std::string failed = html.substr(card, html.find("</article>", card) - card);
  for (const char* stat :
       {"open", "rooms", "objectives", "route cost", "route length", "loops", "dead ends", "chokepoints"})
    EXPECT_NE(failed.find(std::string("<dt>") + stat + "</dt><dd>&ndash;</dd>"), std::string::npos) << stat;
  EXPECT_NE(failed.find("<dt>attempts</dt><dd>8</dd>"), std::string::npos);
  EXPECT_EQ(failed.find("0.0%"), std::string::npos);
}

TEST(ReviewPageTest, IsDeterministicAndIndependentOfTheRowOrder) {
  auto rows = fake_rows();
  const std::string html = review_page_html(rows, fake_info());
  EXPECT_EQ(review_page_html(rows, fake_info()), html);
  std::reverse(rows.begin(), rows.end());
  EXPECT_EQ(review_page_html(rows, fake_info()), html);
}

TEST(ReviewPageTest, MarksNoSeedSlowFromWallClockTimes) {
  // Wall-clock times on a busy machine flag a different seed on every identical run; the page
  // shows the time as a statistic to sort by and marks nothing slow.
  const std::string html = review_page_html(fake_rows(), fake_info());
  EXPECT_EQ(html.find("slow"), std::string::npos);
  EXPECT_NE(html.find("<option value=\"generate_ms\">generation time</option>"), std::string::npos);
  EXPECT_NE(html.find("<dt>time</dt><dd>25.00 ms</dd>"), std::string::npos);
}

TEST(ReviewPageTest, ShowsTheTemplateSetThemeAndMissionAndAThemeButtonPerTheme) {
  // Rows without a template set or a mission: no theme filter, no data-theme (the markup as before).
  const std::string page = review_page_html(fake_rows(), fake_info());
  const size_t body = page.find("<body>");
  const std::string plain = page.substr(body, page.find("<script>") - body);  // the markup, not the script
  EXPECT_EQ(plain.find("theme-filter"), std::string::npos);
  EXPECT_EQ(plain.find("data-theme"), std::string::npos);
  EXPECT_EQ(plain.find("<dt>templates</dt>"), std::string::npos);

  std::vector<SeedRow> rows = fake_rows();
  const char* themes[] = {"moss", "<bones>", "moss", "", "moss", "<bones>", "", "moss"};
  for (size_t i = 0; i < rows.size(); ++i) rows[i].templates = "crypt", rows[i].theme = themes[i];
  rows[0].mission = "two-cycles";
  const std::string html = review_page_html(rows, fake_info());
  const std::string filter = html.substr(
      html.find("<div id=\"theme-filter\""),
      html.find("</div>", html.find("<div id=\"theme-filter\"")) - html.find("<div id=\"theme-filter\""));
  EXPECT_NE(filter.find("role=\"group\""), std::string::npos);
  // "all themes", then each theme in bytewise order with its count, "no theme" last; escaped.
  const std::regex button(
      R"re(<button type="button" (?:id="theme-all"|class="theme" data-theme="([^"]*)") aria-pressed="(true|false)">([^<]*)</button>)re");
  std::vector<std::string> labels;
  for (std::sregex_iterator it(filter.begin(), filter.end(), button), end; it != end; ++it)
    labels.push_back((*it)[1].str() + "|" + (*it)[2].str() + "|" + (*it)[3].str());
  EXPECT_EQ(labels, (std::vector<std::string>{"|true|all themes", "&lt;bones&gt;|false|&lt;bones&gt; (2)",
                                              "moss|false|moss (4)", "|false|no theme (2)"}));
  const size_t card = html.find("data-seed=\"100\"");
  const std::string first = html.substr(card, html.find("</article>", card) - card);
  EXPECT_NE(first.find("data-templates=\"crypt\" data-theme=\"moss\" data-mission=\"two-cycles\""), std::string::npos);
  EXPECT_NE(first.find("<dt>templates</dt><dd>crypt</dd></div>"), std::string::npos);  // in the stats: the viewer's too
  EXPECT_NE(first.find("<dt>theme</dt><dd>moss</dd>"), std::string::npos);
  EXPECT_NE(first.find("<dt>mission</dt><dd>two-cycles</dd>"), std::string::npos);
  const size_t none = html.find("data-seed=\"9007199254740993\"");
  EXPECT_NE(html.substr(none, html.find("</article>", none) - none).find("<dt>theme</dt><dd>&ndash;</dd>"),
            std::string::npos);
}

// A theme's own command for its rows (a merge of batches with different themes).
TEST(ReviewPageTest, GivesEachThemesRowsTheirBatchsCommand) {
  std::vector<SeedRow> rows = fake_rows();
  for (SeedRow& r : rows) r.templates = "crypt", r.theme = r.seed == 7 ? "moss" : "";
  ReviewPageInfo info = fake_info();
  info.generate_command = "catacomb generate --templates crypt.tmj";
  info.theme_commands = {{"moss", "catacomb generate --templates crypt.tmj --theme moss"}};
  const std::string html = review_page_html(rows, info);
  EXPECT_NE(html.find("data-command=\"catacomb generate --templates crypt.tmj --theme moss --seed 7 "),
            std::string::npos);
  EXPECT_NE(html.find("data-command=\"catacomb generate --templates crypt.tmj --seed 5 "), std::string::npos);
}

// A batch with locks (ReviewPageInfo::progression): each card carries the progression's metrics
// with its row's values, shows them, and the sort menu offers them; a batch without: none of it.
TEST(ReviewPageTest, ShowsTheProgressionMetricsOnlyForABatchWithLocks) {
  std::vector<SeedRow> rows = fake_rows();
  for (size_t i = 0; i < rows.size(); ++i) {
    rows[i].branchiness = 0.125 * static_cast<double>(i);
    rows[i].cycles = static_cast<int>(i % 3);
    rows[i].critical_share = 0.0625 + 0.015625 * static_cast<double>(i);
  }
  const char* keys[] = {"branchiness", "cycles", "critical_path_share"};
  const std::string plain = review_page_html(rows, fake_info());
  const size_t body = plain.find("<body>");
  const std::string markup = plain.substr(body, plain.find("<script>") - body);  // not the script
  for (const char* key : keys) EXPECT_EQ(markup.find(std::string("\"") + key + "\""), std::string::npos) << key;
  for (const char* attr : {"data-branchiness", "data-cycles", "data-critical-path-share"})
    EXPECT_EQ(markup.find(attr), std::string::npos) << attr;
  for (const char* stat : {"<dt>branchiness</dt>", "<dt>cycles</dt>", "<dt>critical path</dt>"})
    EXPECT_EQ(markup.find(stat), std::string::npos) << stat;

  ReviewPageInfo info = fake_info();
  info.progression = true;
  const std::string html = review_page_html(rows, info);
  // The menu: the three keys after chokepoints, before generation time.
  EXPECT_NE(html.find("<option value=\"chokepoints\">chokepoints</option>\n<option value=\"branchiness\">branchiness</"
                      "option>\n<option value=\"cycles\">cycles</option>\n<option value=\"critical_path_share\">"
                      "critical path share</option>\n<option value=\"generate_ms\">generation time</option>"),
            std::string::npos);
  // Row 4 (seed 64): branchiness 0.5, cycles 1, share 0.125, after data-chokepoints.
  EXPECT_NE(html.find("data-seed=\"64\" data-valid=\"1\" data-attempts=\"2\" data-open-fraction=\"0.375\" "
                      "data-rooms=\"8\" data-objectives=\"3\" data-route-cost=\"12.8\" data-route-length=\"12\" "
                      "data-loops=\"0\" data-dead-ends=\"8\" data-chokepoints=\"0\" data-branchiness=\"0.5\" "
                      "data-cycles=\"1\" data-critical-path-share=\"0.125\" data-generate-ms=\"1\""),
            std::string::npos);
  const size_t card = html.find("data-seed=\"64\"");
  const std::string shown = html.substr(card, html.find("</article>", card) - card);
  EXPECT_NE(shown.find("<dt>chokepoints</dt><dd>0</dd></div><div><dt>branchiness</dt><dd>0.50</dd></div><div><dt>"
                       "cycles</dt><dd>1</dd></div><div><dt>critical path</dt><dd>12.5%</dd></div>"),
            std::string::npos);
  // Every card carries each one, with its own row's value.
  for (const SeedRow& r : rows) {
    const size_t at = html.find("data-seed=\"" + std::to_string(r.seed) + "\"");
    ASSERT_NE(at, std::string::npos) << r.seed;
    const std::string tag = html.substr(at, html.find('>', at) - at);
    std::ostringstream want;  // the values are short binary fractions: six digits write them exactly
    want << "data-branchiness=\"" << r.branchiness << "\" data-cycles=\"" << r.cycles
         << "\" data-critical-path-share=\"" << r.critical_share << "\"";
    EXPECT_NE(tag.find(want.str()), std::string::npos) << want.str() << " in " << tag;
  }
  // A failed seed shows dashes, as for its other map statistics.
  const size_t failed = html.find("data-seed=\"12\"");
  const std::string dashes = html.substr(failed, html.find("</article>", failed) - failed);
  for (const char* stat : {"branchiness", "cycles", "critical path"})
    EXPECT_NE(dashes.find(std::string("<dt>") + stat + "</dt><dd>&ndash;</dd>"), std::string::npos) << stat;
}

// --- in a real browser --------------------------------------------------------------------------

std::string chromium_path() {
  const char* env = std::getenv("CATACOMB_CHROMIUM");
  return env && *env ? env : "/usr/bin/chromium";
}

struct BrowserRun {
  int code = -1;
  bool timed_out = false;
  std::string dom;  ///< stdout: the serialized DOM
  std::string log;  ///< stderr: Chromium's log, console messages included
};

/// Loads `url` in headless Chromium, in its own process group with a fresh profile under
/// `scratch`, and returns the DOM it dumps once the page's scripts ran. After `timeout`, the
/// whole process group is killed.
BrowserRun dump_dom(const std::string& url, const test::TempDir& scratch, const std::string& name,
                    std::chrono::seconds timeout = std::chrono::seconds(60)) {
  const std::string exe = chromium_path(), out_path = scratch.file(name + ".out"),
                    err_path = scratch.file(name + ".err");
  std::vector<std::string> args = {exe,
                                   "--headless",
                                   "--no-sandbox",
                                   "--disable-gpu",
                                   "--disable-quic",
                                   "--no-first-run",
                                   "--disable-background-networking",
                                   "--disable-component-update",
                                   "--disable-sync",
                                   "--user-data-dir=" + scratch.file(name + ".profile"),
                                   "--enable-logging=stderr",
                                   "--v=0",
                                   "--virtual-time-budget=5000",
                                   "--dump-dom",
                                   url};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t files;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, exe.c_str(), &files, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attr);
  BrowserRun run;
  if (spawned != 0) {
    run.log = "cannot start " + exe + ": error " + std::to_string(spawned);
    return run;
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      run.timed_out = true;
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(-pid, SIGKILL);  // helpers of ours that outlived the browser, if any (the group is ours)
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  run.dom = test::slurp(out_path);
  run.log = test::slurp(err_path);
  return run;
}

/// The value of attribute `name` on the dumped <body>, unescaped ("" when absent).
std::string body_attribute(const std::string& dom, const std::string& name) {
  std::smatch m;
  if (!std::regex_search(dom, m, std::regex("<body\\b[^>]*\\s" + name + "=\"([^\"]*)\""))) return "";
  std::string v = m[1];
  for (const auto& [from, to] :
       {std::pair<std::string, std::string>{"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
    for (size_t at = v.find(from); at != std::string::npos; at = v.find(from, at + to.size()))
      v.replace(at, from.size(), to);
  }
  return v;
}

/// A script that runs `actions` once the page has loaded, then reports the controls' state, the
/// URL hash and the first thumbnail's natural width as data-test-* attributes on <body>.
std::string probe_script(const std::string& actions) {
  return "<script>\nwindow.addEventListener('load', function () {\n" + actions +
         "\n  var b = document.body, img = document.querySelector('.card:not([hidden]) img');\n"
         "  b.setAttribute('data-test-sort', document.getElementById('sort-key').value);\n"
         "  b.setAttribute('data-test-dir', document.getElementById('sort-dir').getAttribute('data-dir'));\n"
         "  b.setAttribute('data-test-filter', document.getElementById('filter').value);\n"
         "  b.setAttribute('data-test-count', document.getElementById('count').textContent);\n"
         "  b.setAttribute('data-test-hash', location.hash);\n"
         "  function done(v) { b.setAttribute('data-test-img', String(v)); }\n"
         "  if (!img) done('none');\n"
         "  else if (img.complete) done(img.naturalWidth);\n"
         "  else {\n"
         "    img.addEventListener('load', function () { done(img.naturalWidth); });\n"
         "    img.addEventListener('error', function () { done('error'); });\n"
         "  }\n"
         "});\n</script>\n";
}

class ReviewPageBrowserTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(::access(chromium_path().c_str(), X_OK), 0)
        << "Chromium is needed for the review page's browser tests and was not found at " << chromium_path()
        << ": run scripts/setup.sh (or point CATACOMB_CHROMIUM at a Chromium binary)";
    rows_ = fake_rows();
    for (size_t i = 0; i < rows_.size(); ++i) {
      const SeedRow& r = rows_[i];
      if (r.png.empty()) continue;
      // Each thumbnail 10 + i pixels wide, so the test can tell which one loaded.
      Image img(10 + static_cast<int>(i), 7, Rgb{static_cast<uint8_t>(30 * i), 90, 160});
      test::write_text(dir_.file(r.png), encode_png(img));
      test::write_text(dir_.file(r.json), "{}");
      test::write_text(dir_.file(r.txt), "#\n");
    }
    html_ = review_page_html(rows_, fake_info());
    test::write_text(dir_.file("index.html"), html_);
  }

  /// Writes a copy of the page with the probe script (running `actions`) before </body> and
  /// loads it at `fragment`.
  BrowserRun load(const std::string& name, const std::string& actions, const std::string& fragment = "") {
    std::string page = html_;
    const size_t body_end = page.rfind("</body>");
    EXPECT_NE(body_end, std::string::npos);
    page.insert(body_end, probe_script(actions));
    test::write_text(dir_.file(name + ".html"), page);
    BrowserRun run = dump_dom("file://" + dir_.file(name + ".html") + fragment, scratch_, name);
    EXPECT_FALSE(run.timed_out) << "Chromium did not finish within 60 s:\n" << run.log;
    EXPECT_EQ(run.code, 0) << run.log;
    EXPECT_NE(run.dom.find("data-test-img="), std::string::npos) << "the probe did not run:\n" << run.log;
    EXPECT_EQ(run.log.find("Uncaught"), std::string::npos) << "script error:\n" << run.log;
    return run;
  }

  std::vector<SeedRow> rows_;
  std::string html_;
  test::TempDir dir_;      // the page and its files
  test::TempDir scratch_;  // Chromium's profiles and captured outputs
};

TEST_F(ReviewPageBrowserTest, ShowsEveryCardInSeedOrderWithItsThumbnail) {
  const BrowserRun run = load("plain", "");
  const auto cards = cards_of(run.dom);
  EXPECT_EQ(seeds_of(cards), seeds_in_seed_order(rows_, false));
  EXPECT_EQ(seeds_of(cards, true), seeds_of(cards));
  EXPECT_EQ(body_attribute(run.dom, "data-test-sort"), "seed");
  EXPECT_EQ(body_attribute(run.dom, "data-test-dir"), "asc");
  EXPECT_EQ(body_attribute(run.dom, "data-test-filter"), "all");
  EXPECT_EQ(body_attribute(run.dom, "data-test-count"), "showing 8 of 8");
  EXPECT_EQ(body_attribute(run.dom, "data-test-hash"), "");
  // The first card is seed 5, the last row: its 17-pixel-wide PNG loaded from the file system.
  EXPECT_EQ(body_attribute(run.dom, "data-test-img"), "17");
}

TEST_F(ReviewPageBrowserTest, SortsAndFiltersFromTheControlsAndBookmarksTheView) {
  const BrowserRun run = load("controls",
                              "  var key = document.getElementById('sort-key');\n"
                              "  key.value = 'route_length';\n"
                              "  key.dispatchEvent(new Event('change'));\n"
                              "  document.getElementById('sort-dir').click();\n"
                              "  var filter = document.getElementById('filter');\n"
                              "  filter.value = 'invalid';\n"
                              "  filter.dispatchEvent(new Event('change'));");
  const auto cards = cards_of(run.dom);
  const auto by_length = expected_order(
      rows_, [](const SeedRow& r) { return static_cast<double>(r.route_length); }, true);
  EXPECT_EQ(by_length, (std::vector<std::string>{"9007199254740992", "5", "7", "100", "64", "18446744073709551615",
                                                 "12", "9007199254740993"}));
  EXPECT_EQ(seeds_of(cards), by_length);
  EXPECT_EQ(seeds_of(cards, true), (std::vector<std::string>{"12", "9007199254740993"}));
  for (const auto& c : cards) EXPECT_EQ(c.hidden, !c.failed) << c.seed;
  EXPECT_EQ(body_attribute(run.dom, "data-test-count"), "showing 2 of 8");
  EXPECT_EQ(body_attribute(run.dom, "data-test-hash"), "#sort=route_length&dir=desc&filter=invalid");
  EXPECT_EQ(body_attribute(run.dom, "data-test-img"), "none");
}

TEST_F(ReviewPageBrowserTest, TakesItsInitialViewFromTheUrlHash) {
  const BrowserRun run = load("hash", "", "#sort=seed&dir=desc&filter=valid");
  const auto cards = cards_of(run.dom);
  // Seeds compare as 64-bit integers: 2^53 + 1 comes before 2^53 (as Numbers they would tie).
  EXPECT_EQ(seeds_of(cards), seeds_in_seed_order(rows_, true));
  EXPECT_EQ(seeds_of(cards, true),
            (std::vector<std::string>{"18446744073709551615", "9007199254740992", "100", "64", "7", "5"}));
  EXPECT_EQ(body_attribute(run.dom, "data-test-sort"), "seed");
  EXPECT_EQ(body_attribute(run.dom, "data-test-dir"), "desc");
  EXPECT_EQ(body_attribute(run.dom, "data-test-filter"), "valid");
  EXPECT_EQ(body_attribute(run.dom, "data-test-count"), "showing 6 of 8");
  // The first visible card is 2^64 - 1 (the seventh row, 16 pixels wide).
  EXPECT_EQ(body_attribute(run.dom, "data-test-img"), "16");

  // A different key from the hash, with a stale or unknown value ignored.
  const BrowserRun cost = load("hash-cost", "", "#sort=route_cost&dir=up&filter=nonsense");
  EXPECT_EQ(seeds_of(cards_of(cost.dom)), expected_order(
                                              rows_, [](const SeedRow& r) { return r.route_cost; }, false));
  EXPECT_EQ(body_attribute(cost.dom, "data-test-dir"), "asc");
  EXPECT_EQ(body_attribute(cost.dom, "data-test-filter"), "all");
}

}  // namespace
}  // namespace catacomb
