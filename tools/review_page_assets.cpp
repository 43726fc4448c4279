// The review page's inline stylesheet and script (see review_page_assets.hpp).
#include "tools/review_page_assets.hpp"

namespace catacomb::cli {

const std::string_view kReviewPageStyle = R"css(
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
const std::string_view kReviewPageScript = R"js(
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

}  // namespace catacomb::cli
