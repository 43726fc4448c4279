// The batch review page. The cards are rendered here, in seed order, each statistic also stored in
// a data-* attribute; a small inline script sorts (moves the card elements) and filters (sets
// `hidden`) from those attributes, and keeps the state in the URL hash. Rendering the cards in the
// HTML rather than from embedded JSON keeps the page readable without JavaScript and leaves one
// escaping rule to get right: HTML text, applied to every string that comes from the rows.
//
// Cost: O(n log n) for the seed order, output linear in the rows. Deterministic: numbers go
// through <catacomb/core/format.hpp> (std::to_chars, locale-independent), rows are ordered by
// seed with a stable sort, and nothing depends on the clock or the environment.
#include "tools/review_page.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>

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
        case '\t': case '\n': case '\r': out += static_cast<char>(c); break;
        default:
          if (c < 0x20 || c == 0x7F)
            out += kReplacement;
          else
            out += static_cast<char>(c);
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
/// data-* attribute (underscores as hyphens) on every card.
struct SortKey {
  std::string_view key, label;
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
    {"generate_ms", "generation time"},
};

constexpr std::string_view kStyle = R"css(
:root {
  color-scheme: light dark;
  --bg: #f5f5f3; --fg: #1d1d1f; --muted: #55555e; --card: #ffffff; --line: #d0d0d6; --link: #0b57d0;
  --thumb: #e4e4e8; --bad: #b3261e; --bad-bg: #fdecea;
  --pick: #146c2e; --pick-bg: #c4eed0;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121214; --fg: #e8e8ea; --muted: #a8a8b2; --card: #1c1c20; --line: #3a3a42; --link: #8ab4f8;
    --thumb: #09090b; --bad: #f2b8b5; --bad-bg: #3b1c1a;
    --pick: #6dd58c; --pick-bg: #0f3d1f;
  }
}
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; background: var(--bg); color: var(--fg); font: 14px/1.4 system-ui, sans-serif; }
a { color: var(--link); }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
.summary { color: var(--muted); margin: 0 0 .75rem; }
.controls { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: 0 0 1rem; }
.controls label { font-weight: 600; }
.controls select, .controls button { font: inherit; padding: .2rem .5rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .75rem; }
.card { display: flex; flex-direction: column; gap: .4rem; min-width: 0; padding: .6rem;
        background: var(--card); border: 1px solid var(--line); border-radius: 6px; }
.card[hidden] { display: none; }
.card.failed { border: 2px solid var(--bad); background: var(--bad-bg); }
.thumb { display: flex; align-items: center; justify-content: center; height: 10rem; overflow: hidden;
         background: var(--thumb); border-radius: 4px; }
.thumb img { width: 100%; height: 100%; object-fit: contain; image-rendering: pixelated; }
.thumb.none { color: var(--muted); font-style: italic; }
.card h2 { display: flex; flex-wrap: wrap; gap: .4rem; align-items: baseline; margin: 0; font-size: 1rem; }
.badge { padding: 0 .35rem; border-radius: 3px; font-size: .75rem; font-weight: 700; text-transform: uppercase; }
.badge.failed { color: var(--bad-bg); background: var(--bad); }
.stats { display: grid; grid-template-columns: 1fr 1fr; gap: 0 .75rem; margin: 0; font-size: .9em; }
.stats div { display: flex; justify-content: space-between; gap: .4rem; }
.stats dt { color: var(--muted); white-space: nowrap; }
.stats dd { margin: 0; font-variant-numeric: tabular-nums; }
.error { margin: 0; color: var(--bad); white-space: pre-wrap; overflow-wrap: anywhere; }
.links { display: flex; flex-wrap: wrap; gap: .25rem .75rem; margin: 0; }
.links.none { color: var(--muted); }
.card:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.card[data-picked="true"] { border: 2px solid var(--pick); box-shadow: 0 0 0 2px var(--pick-bg); }
.pick { margin-left: auto; font: inherit; font-size: .8rem; padding: 0 .5rem; }
.pick[aria-pressed="true"], #viewer-pick[aria-pressed="true"] { background: var(--pick); color: var(--card); border-color: var(--pick); }
.picks { margin: 0 0 1rem; padding: .6rem; background: var(--card); border: 1px solid var(--line); border-radius: 6px; }
.picks h2 { font-size: 1rem; margin: 0 0 .4rem; }
.picks pre { margin: .3rem 0; padding: .3rem .5rem; background: var(--bg); border-radius: 4px; white-space: pre-wrap;
             overflow-wrap: anywhere; user-select: all; }
.picks pre:empty::before { content: "no seed picked yet"; color: var(--muted); font-style: italic; }
kbd { padding: 0 .3rem; border: 1px solid var(--line); border-radius: 3px; font: .85em ui-monospace, monospace; }
.viewer { position: fixed; inset: 0; z-index: 10; display: flex; align-items: center; justify-content: center;
          padding: 1rem; background: rgba(0, 0, 0, .72); }
.viewer[hidden] { display: none; }
.viewer-box { display: flex; flex-direction: column; gap: .6rem; width: 100%; max-width: 90rem; max-height: 100%;
              padding: .8rem; background: var(--card); border-radius: 8px; overflow: auto; }
.viewer-head { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.viewer-head h2 { margin: 0 auto 0 0; font-size: 1.2rem; }
.viewer-head button { font: inherit; padding: .2rem .6rem; }
.viewer-body { display: flex; flex-wrap: wrap; gap: 1rem; min-height: 0; }
.viewer-image { flex: 3 1 30rem; display: flex; align-items: center; justify-content: center; min-height: 50vh;
                background: var(--thumb); border-radius: 4px; }
.viewer-image img { width: 100%; height: 72vh; object-fit: contain; image-rendering: pixelated; }
.viewer-side { flex: 1 1 16rem; display: flex; flex-direction: column; gap: .5rem; }
.viewer-side .stats { grid-template-columns: 1fr; }
.viewer-side pre { margin: 0; padding: .4rem .5rem; background: var(--bg); border-radius: 4px; white-space: pre-wrap;
                   overflow-wrap: anywhere; font-size: .85em; user-select: all; }
)css";

// Plain ES5, no external references. Seeds are unsigned 64-bit decimals written without leading
// zeros: as Numbers they would tie above 2^53, so they compare by length, then digit by digit.
constexpr std::string_view kScript = R"js(
(function () {
  'use strict';
  var grid = document.getElementById('cards');
  var keySel = document.getElementById('sort-key');
  var dirBtn = document.getElementById('sort-dir');
  var filterSel = document.getElementById('filter');
  var count = document.getElementById('count');
  var cards = Array.prototype.slice.call(grid.querySelectorAll('.card'));
  var filters = { all: true, valid: true, invalid: true, picked: true };
  var state = { sort: 'seed', dir: 'asc', filter: 'all' };

  function isKey(k) {
    for (var i = 0; i < keySel.options.length; i++) if (keySel.options[i].value === k) return true;
    return false;
  }
  function seedCmp(a, b) {
    var x = a.getAttribute('data-seed'), y = b.getAttribute('data-seed');
    if (x.length !== y.length) return x.length < y.length ? -1 : 1;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  function value(card, key) { return Number(card.getAttribute('data-' + key.replace(/_/g, '-'))); }
  function keyCmp(a, b, key, sign) {
    if (key === 'seed') return sign * seedCmp(a, b);
    var x = value(a, key), y = value(b, key), xn = x !== x, yn = y !== y;
    if (xn || yn) return xn === yn ? 0 : xn ? 1 : -1;  // NaN last in both directions
    return sign * (x < y ? -1 : x > y ? 1 : 0);
  }
  function shows(card, filter) {
    if (filter === 'picked') return card.getAttribute('data-picked') === 'true';
    if (filter === 'valid') return card.getAttribute('data-valid') === '1';
    if (filter === 'invalid') return card.getAttribute('data-valid') !== '1';
    return true;
  }
  function render() {
    var key = state.sort, sign = state.dir === 'desc' ? -1 : 1, shown = 0;
    var order = cards.slice().sort(function (a, b) {
      return keyCmp(a, b, key, sign) || seedCmp(a, b);
    });
    var frag = document.createDocumentFragment();
    order.forEach(function (card) {
      var visible = shows(card, state.filter);
      card.hidden = !visible;
      if (visible) shown++;
      frag.appendChild(card);
    });
    grid.appendChild(frag);
    keySel.value = state.sort;
    filterSel.value = state.filter;
    dirBtn.setAttribute('data-dir', state.dir);
    dirBtn.textContent = state.dir === 'desc' ? 'descending \u2193' : 'ascending \u2191';
    count.textContent = 'showing ' + shown + ' of ' + cards.length;
  }
  function readHash() {
    var next = { sort: 'seed', dir: 'asc', filter: 'all' };
    location.hash.replace(/^#/, '').split('&').forEach(function (part) {
      var eq = part.indexOf('='), k, v;
      if (eq < 0) return;
      try {
        k = decodeURIComponent(part.slice(0, eq));
        v = decodeURIComponent(part.slice(eq + 1));
      } catch (e) {
        return;
      }
      if (k === 'sort' && isKey(v)) next.sort = v;
      else if (k === 'dir' && (v === 'asc' || v === 'desc')) next.dir = v;
      else if (k === 'filter' && Object.prototype.hasOwnProperty.call(filters, v)) next.filter = v;
    });
    state = next;
  }
  function writeHash() {
    var h = '#sort=' + encodeURIComponent(state.sort) + '&dir=' + state.dir + '&filter=' + state.filter;
    if (location.hash === h) return;
    try {
      history.replaceState(null, '', h);
    } catch (e) {
      location.hash = h;
    }
  }
  function update() { render(); writeHash(); }
  keySel.addEventListener('change', function () { state.sort = keySel.value; update(); });
  dirBtn.addEventListener('click', function () { state.dir = state.dir === 'desc' ? 'asc' : 'desc'; update(); });
  filterSel.addEventListener('change', function () { state.filter = filterSel.value; update(); });
  window.addEventListener('hashchange', function () { readHash(); render(); });

  // --- picks: kept in localStorage per batch, listed one seed per line, offered as picks.txt ---
  var storeKey = 'catacomb-picks:' + grid.getAttribute('data-batch');
  var picksList = document.getElementById('picks-list');
  var picksCount = document.getElementById('picks-count');
  var picksDownload = document.getElementById('picks-download');
  var picksCommand = document.getElementById('picks-command').textContent;
  var bySeed = {};
  cards.forEach(function (card) { bySeed[card.getAttribute('data-seed')] = card; });
  var picks = [];
  function loadPicks() {
    var stored = null;
    try { stored = JSON.parse(localStorage.getItem(storeKey) || '[]'); } catch (e) { stored = []; }
    picks = (Array.isArray(stored) ? stored : []).filter(function (seed) {
      return typeof seed === 'string' && Object.prototype.hasOwnProperty.call(bySeed, seed);
    });
  }
  function savePicks() {
    try { localStorage.setItem(storeKey, JSON.stringify(picks)); } catch (e) { /* private mode: this visit only */ }
  }
  function isPicked(seed) { return picks.indexOf(seed) >= 0; }
  function togglePick(card) {
    var seed = card.getAttribute('data-seed'), at = picks.indexOf(seed);
    if (at >= 0) picks.splice(at, 1); else picks.push(seed);
    picks.sort(function (a, b) { return seedCmp(bySeed[a], bySeed[b]); });
    savePicks();
    renderPicks();
    if (state.filter === 'picked') render();
  }
  function renderPicks() {
    cards.forEach(function (card) {
      var on = isPicked(card.getAttribute('data-seed'));
      card.setAttribute('data-picked', on ? 'true' : 'false');
      var button = card.querySelector('.pick');
      button.setAttribute('aria-pressed', on ? 'true' : 'false');
      button.textContent = on ? 'Picked \u2713' : 'Pick';
    });
    picksList.textContent = picks.join('\n');
    picksCount.textContent = String(picks.length);
    var file = '# regenerate: ' + picksCommand + '\n' + picks.join('\n') + (picks.length ? '\n' : '');
    picksDownload.setAttribute('href', 'data:text/plain;charset=utf-8,' + encodeURIComponent(file));
    if (current) showPick();
  }
  document.getElementById('picks-clear').addEventListener('click', function () {
    picks = [];
    savePicks();
    renderPicks();
    if (state.filter === 'picked') render();
  });

  // --- the viewer: one seed large, arrows through the visible cards in their current order ---
  var viewer = document.getElementById('viewer');
  var viewerImg = document.getElementById('viewer-img');
  var viewerNone = document.getElementById('viewer-none');
  var viewerPick = document.getElementById('viewer-pick');
  var current = null;
  function visibleCards() { return cards.filter(function (c) { return !c.hidden; }).sort(function (a, b) {
    return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  }); }
  function showPick() {
    var on = isPicked(current.getAttribute('data-seed'));
    viewerPick.setAttribute('aria-pressed', on ? 'true' : 'false');
    viewerPick.textContent = on ? 'Picked \u2713 (p)' : 'Pick (p)';
  }
  function fill() {
    var seed = current.getAttribute('data-seed'), png = current.getAttribute('data-png');
    var list = visibleCards(), at = list.indexOf(current);
    document.getElementById('viewer-title').textContent = 'Seed ' + seed;
    document.getElementById('viewer-position').textContent = (at + 1) + ' of ' + list.length;
    if (png) {
      viewerImg.src = png;
      viewerImg.alt = 'Preview of seed ' + seed;
      viewerImg.hidden = false;
      viewerNone.hidden = true;
    } else {
      viewerImg.removeAttribute('src');
      viewerImg.hidden = true;
      viewerNone.hidden = false;
    }
    document.getElementById('viewer-stats').innerHTML = current.querySelector('.stats').innerHTML;
    var error = current.querySelector('.error');
    document.getElementById('viewer-error').textContent = error ? error.textContent : '';
    document.getElementById('viewer-command').textContent = current.getAttribute('data-command');
    document.getElementById('viewer-links').innerHTML = current.querySelector('.links').innerHTML;
    viewer.setAttribute('data-seed', seed);
    showPick();
  }
  function openViewer(card) {
    current = card;
    fill();
    viewer.hidden = false;
    document.getElementById('viewer-close').focus();
  }
  function closeViewer() {
    viewer.hidden = true;
    viewer.removeAttribute('data-seed');
    var back = current;
    current = null;
    if (back) back.focus();
  }
  function step(delta) {
    var list = visibleCards(), at = list.indexOf(current);
    var next = list[Math.max(0, Math.min(list.length - 1, (at < 0 ? 0 : at) + delta))];
    if (next && next !== current) {
      current = next;
      fill();
    }
  }
  cards.forEach(function (card) {
    var thumb = card.querySelector('a.thumb');
    if (thumb) thumb.addEventListener('click', function (e) {
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;  // a new tab still opens the PNG
      e.preventDefault();
      openViewer(card);
    });
    card.querySelector('.pick').addEventListener('click', function () { togglePick(card); });
  });
  document.getElementById('viewer-prev').addEventListener('click', function () { step(-1); });
  document.getElementById('viewer-next').addEventListener('click', function () { step(1); });
  document.getElementById('viewer-close').addEventListener('click', closeViewer);
  viewerPick.addEventListener('click', function () { togglePick(current); });
  viewer.addEventListener('click', function (e) { if (e.target === viewer) closeViewer(); });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, typing = t && (t.tagName === 'SELECT' || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA');
    if (current) {
      if (e.key === 'ArrowLeft') step(-1);
      else if (e.key === 'ArrowRight') step(1);
      else if (e.key === 'Escape') closeViewer();
      else if (e.key === 'p' || e.key === 'P') togglePick(current);
      else if (e.key === 'Tab') {  // focus stays in the dialog
        var buttons = Array.prototype.slice.call(viewer.querySelectorAll('button'));
        var i = buttons.indexOf(document.activeElement), n = buttons.length;
        buttons[((i < 0 ? 0 : i + (e.shiftKey ? -1 : 1)) % n + n) % n].focus();
      }
      else return;
      e.preventDefault();
      return;
    }
    if (typing || !t || !t.classList || !t.classList.contains('card')) return;
    if (e.key === 'Enter') { e.preventDefault(); openViewer(t); }
    else if (e.key === 'p' || e.key === 'P') { e.preventDefault(); togglePick(t); }
  });

  loadPicks();
  renderPicks();
  readHash();
  render();
})();
)js";

void append_stat(std::string& out, std::string_view name, const std::string& value) {
  out += "<div><dt>";
  out += name;
  out += "</dt><dd>";
  out += value;
  out += "</dd></div>";
}

/// The command that regenerates seed `r`'s preview, JSON and ASCII map (and Moving AI map).
std::string seed_command(const SeedRow& r, const ReviewPageInfo& info) {
  const std::string stem = "seed-" + std::to_string(r.seed);
  std::string c = info.generate_command.empty() ? std::string("catacomb generate") : info.generate_command;
  c += " --seed " + std::to_string(r.seed) + " --png " + stem + ".png --json " + stem + ".json --txt " + stem + ".txt";
  if (!r.map.empty()) c += " --map " + stem + ".map";
  return c;
}

void append_card(std::string& out, const SeedRow& r, const ReviewPageInfo& info) {
  const std::string seed = std::to_string(r.seed);
  out += "<article class=\"card";
  if (!r.valid) out += " failed";
  out += "\" tabindex=\"0\" data-picked=\"false\" data-seed=\"" + seed + "\"";
  const std::pair<std::string_view, std::string> data[] = {
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
      {"generate-ms", js_number(r.generate_ms)},
  };
  for (const auto& [name, value] : data) {
    out += " data-";
    out += name;
    out += "=\"" + value + "\"";
  }
  out += " data-command=\"";
  append_text(out, seed_command(r, info));
  out += "\"";
  if (!r.png.empty()) out += " data-png=\"" + file_url(r.png) + "\"";
  out += " aria-label=\"Seed " + seed + (r.valid ? "" : ", failed") + "\">\n";

  if (!r.png.empty()) {
    const std::string url = file_url(r.png);
    out += "<a class=\"thumb\" href=\"" + url + "\"><img src=\"" + url + "\" alt=\"Preview of seed " + seed +
           "\" loading=\"lazy\" decoding=\"async\"></a>\n";
  } else {
    out += "<div class=\"thumb none\">no preview</div>\n";
  }

  out += "<h2>Seed " + seed;
  if (!r.valid) out += " <span class=\"badge failed\">failed</span>";
  out += " <button type=\"button\" class=\"pick\" aria-pressed=\"false\" title=\"Pick or unpick this seed (p)\">Pick</button>";
  out += "</h2>\n<dl class=\"stats\">";
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
  append_stat(out, "time", fixed(r.generate_ms, 2) + " ms");
  out += "</dl>\n";

  if (!r.error.empty()) {
    out += "<p class=\"error\"><strong>Error:</strong> ";
    append_text(out, r.error);
    out += "</p>\n";
  }

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
  out += "<title>" + title + "</title>\n<style>";
  out += kStyle;
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
  if (!info.contact_sheet.empty()) out += " &middot; <a href=\"" + file_url(info.contact_sheet) + "\">contact sheet</a>";
  out += "</p>\n";

  out += "<div class=\"controls\" role=\"group\" aria-label=\"Sort and filter the seeds\">\n";
  out += "<label for=\"sort-key\">Sort by</label>\n<select id=\"sort-key\" name=\"sort\">\n";
  for (const auto& k : kSortKeys) {
    out += "<option value=\"";
    out += k.key;
    out += k.key == "seed" ? "\" selected>" : "\">";
    out += k.label;
    out += "</option>\n";
  }
  out += "</select>\n";
  out += "<button type=\"button\" id=\"sort-dir\" data-dir=\"asc\" title=\"Toggle the sort direction\">ascending "
         "&#x2191;</button>\n";
  out += "<label for=\"filter\">Show</label>\n<select id=\"filter\" name=\"filter\">\n"
         "<option value=\"all\" selected>all seeds</option>\n<option value=\"valid\">valid only</option>\n"
         "<option value=\"invalid\">invalid only</option>\n"
         "<option value=\"picked\">picked only</option>\n</select>\n";
  out += "<span id=\"count\" role=\"status\">showing " + total + " of " + total + "</span>\n</div>\n";
  out += "<noscript><p>Sorting and filtering need JavaScript; the seeds are listed in seed order.</p></noscript>\n";
  const std::string picks_command = info.picks_command.empty()
                                        ? std::string("catacomb batch --seeds-file picks.txt --out picks --html")
                                        : info.picks_command;
  out += "<section class=\"picks\" id=\"picks\" aria-labelledby=\"picks-title\">\n"
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
  append_text(out, info.batch_key.empty() ? (info.title.empty() ? std::string("catacomb batch") : info.title) : info.batch_key);
  out += "\">\n";
  for (const SeedRow* r : order) append_card(out, *r, info);
  out += "</main>\n";
  out += "<div id=\"viewer\" class=\"viewer\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"viewer-title\" hidden>\n"
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
  out += "<script>";
  out += kScript;
  out += "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace catacomb::cli
