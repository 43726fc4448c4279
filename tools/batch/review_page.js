'use strict';
// The review page in four parts, each a function of the one `page` they share (its elements, the
// cards and the sort/filter state) that adds its own operations to it: sorting and filtering with
// the hash of the URL, picks, the viewer, and the keys. One global, catacombReview.
var catacombReview = {};

catacombReview.page = function () {
  var grid = document.getElementById('cards');
  return {
    grid: grid,
    keySel: document.getElementById('sort-key'),
    dirBtn: document.getElementById('sort-dir'),
    filterSel: document.getElementById('filter'),
    count: document.getElementById('count'),
    cards: Array.prototype.slice.call(grid.querySelectorAll('.card')),
    filters: { all: true, valid: true, invalid: true, picked: true },
    // The buttons of the theme filter (none on a page without template sets): "all themes", then one
    // per theme present, each with the data-theme of its cards.
    themeAll: document.getElementById('theme-all'),
    themeButtons: Array.prototype.slice.call(document.querySelectorAll('#theme-filter button.theme')),
    state: { sort: 'seed', dir: 'asc', filter: 'all', theme: null },  // theme: null for all
    current: null  // the card the viewer shows, or null when it is closed
  };
};

// Seeds are unsigned 64-bit decimals without leading zeros: as Numbers they would tie above 2^53,
// so they compare by length, then digit by digit.
catacombReview.seedCmp = function (a, b) {
  var x = a.getAttribute('data-seed'), y = b.getAttribute('data-seed');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
};

// --- sorting and filtering, kept in the hash of the URL ---
catacombReview.sorting = function (page) {
  var seedCmp = catacombReview.seedCmp, keySel = page.keySel, dirBtn = page.dirBtn, filterSel = page.filterSel;
  function isKey(k) {
    for (var i = 0; i < keySel.options.length; i++) if (keySel.options[i].value === k) return true;
    return false;
  }
  function value(card, key) { return Number(card.getAttribute('data-' + key.replace(/_/g, '-'))); }
  function keyCmp(a, b, key, sign) {
    if (key === 'seed') return sign * seedCmp(a, b);
    var x = value(a, key), y = value(b, key), xn = x !== x, yn = y !== y;
    if (xn || yn) return xn === yn ? 0 : xn ? 1 : -1;  // NaN last in both directions
    return sign * (x < y ? -1 : x > y ? 1 : 0);
  }
  function isTheme(t) {
    return page.themeButtons.some(function (b) { return b.getAttribute('data-theme') === t; });
  }
  function shows(card, filter, theme) {
    if (theme !== null && card.getAttribute('data-theme') !== theme) return false;
    if (filter === 'picked') return card.getAttribute('data-picked') === 'true';
    if (filter === 'valid') return card.getAttribute('data-valid') === '1';
    if (filter === 'invalid') return card.getAttribute('data-valid') !== '1';
    return true;
  }
  page.render = function () {
    var state = page.state, key = state.sort, sign = state.dir === 'desc' ? -1 : 1, shown = 0;
    var order = page.cards.slice().sort(function (a, b) {
      return keyCmp(a, b, key, sign) || seedCmp(a, b);
    });
    var frag = document.createDocumentFragment();
    order.forEach(function (card) {
      var visible = shows(card, state.filter, state.theme);
      card.hidden = !visible;
      if (visible) shown++;
      frag.appendChild(card);
    });
    page.grid.appendChild(frag);
    keySel.value = state.sort;
    filterSel.value = state.filter;
    dirBtn.setAttribute('data-dir', state.dir);
    if (page.themeAll) page.themeAll.setAttribute('aria-pressed', state.theme === null ? 'true' : 'false');
    page.themeButtons.forEach(function (b) {
      b.setAttribute('aria-pressed', b.getAttribute('data-theme') === state.theme ? 'true' : 'false');
    });
    dirBtn.textContent = state.dir === 'desc' ? 'descending \u2193' : 'ascending \u2191';
    page.count.textContent = 'showing ' + shown + ' of ' + page.cards.length;
  };
  page.readHash = function () {
    var next = { sort: 'seed', dir: 'asc', filter: 'all', theme: null };
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
      else if (k === 'filter' && Object.prototype.hasOwnProperty.call(page.filters, v)) next.filter = v;
      else if (k === 'theme' && isTheme(v)) next.theme = v;
    });
    page.state = next;
  };
  function writeHash() {
    var state = page.state;
    var h = '#sort=' + encodeURIComponent(state.sort) + '&dir=' + state.dir + '&filter=' + state.filter;
    if (state.theme !== null) h += '&theme=' + encodeURIComponent(state.theme);
    if (location.hash === h) return;
    try {
      history.replaceState(null, '', h);
    } catch (e) {
      location.hash = h;
    }
  }
  function update() { page.render(); writeHash(); }
  keySel.addEventListener('change', function () { page.state.sort = keySel.value; update(); });
  dirBtn.addEventListener('click', function () { page.state.dir = page.state.dir === 'desc' ? 'asc' : 'desc'; update(); });
  filterSel.addEventListener('change', function () { page.state.filter = filterSel.value; update(); });
  if (page.themeAll) page.themeAll.addEventListener('click', function () { page.state.theme = null; update(); });
  page.themeButtons.forEach(function (b) {
    b.addEventListener('click', function () { page.state.theme = b.getAttribute('data-theme'); update(); });
  });
  window.addEventListener('hashchange', function () { page.readHash(); page.render(); });
};

// --- picks: kept in localStorage per batch, listed one seed per line, offered as picks.txt ---
catacombReview.picks = function (page) {
  var storeKey = 'catacomb-picks:' + page.grid.getAttribute('data-batch');
  var picksList = document.getElementById('picks-list');
  var picksCount = document.getElementById('picks-count');
  var picksDownload = document.getElementById('picks-download');
  var picksCommand = document.getElementById('picks-command').textContent;
  var bySeed = {};
  page.cards.forEach(function (card) { bySeed[card.getAttribute('data-seed')] = card; });
  var picks = [];
  page.loadPicks = function () {
    var stored = null;
    try { stored = JSON.parse(localStorage.getItem(storeKey) || '[]'); } catch (e) { stored = []; }
    picks = (Array.isArray(stored) ? stored : []).filter(function (seed) {
      return typeof seed === 'string' && Object.prototype.hasOwnProperty.call(bySeed, seed);
    });
  };
  function savePicks() {
    try { localStorage.setItem(storeKey, JSON.stringify(picks)); } catch (e) { /* private mode: this visit only */ }
  }
  page.isPicked = function (seed) { return picks.indexOf(seed) >= 0; };
  page.togglePick = function (card) {
    var seed = card.getAttribute('data-seed'), at = picks.indexOf(seed);
    if (at >= 0) picks.splice(at, 1); else picks.push(seed);
    picks.sort(function (a, b) { return catacombReview.seedCmp(bySeed[a], bySeed[b]); });
    savePicks();
    page.renderPicks();
    if (page.state.filter === 'picked') page.render();
  };
  page.renderPicks = function () {
    page.cards.forEach(function (card) {
      var on = page.isPicked(card.getAttribute('data-seed'));
      card.setAttribute('data-picked', on ? 'true' : 'false');
      var button = card.querySelector('.pick');
      button.setAttribute('aria-pressed', on ? 'true' : 'false');
      button.textContent = on ? 'Picked \u2713' : 'Pick';
    });
    picksList.textContent = picks.join('\n');
    picksCount.textContent = String(picks.length);
    // One "# regenerate:" line per command (a merge of batches with several themes has one each).
    var file = picksCommand.split('\n').map(function (c) { return '# regenerate: ' + c + '\n'; }).join('') +
               picks.join('\n') + (picks.length ? '\n' : '');
    picksDownload.setAttribute('href', 'data:text/plain;charset=utf-8,' + encodeURIComponent(file));
    if (page.current) page.showPick();
  };
  document.getElementById('picks-clear').addEventListener('click', function () {
    picks = [];
    savePicks();
    page.renderPicks();
    if (page.state.filter === 'picked') page.render();
  });
  page.cards.forEach(function (card) {
    card.querySelector('.pick').addEventListener('click', function () { page.togglePick(card); });
  });
};

// --- the viewer: one seed large, arrows through the visible cards in their current order ---
catacombReview.viewer = function (page) {
  var viewer = document.getElementById('viewer');
  var viewerImg = document.getElementById('viewer-img');
  var viewerNone = document.getElementById('viewer-none');
  var viewerPick = document.getElementById('viewer-pick');
  function visibleCards() { return page.cards.filter(function (c) { return !c.hidden; }).sort(function (a, b) {
    return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  }); }
  page.showPick = function () {
    var on = page.isPicked(page.current.getAttribute('data-seed'));
    viewerPick.setAttribute('aria-pressed', on ? 'true' : 'false');
    viewerPick.textContent = on ? 'Picked \u2713 (p)' : 'Pick (p)';
  };
  function fill() {
    var current = page.current, seed = current.getAttribute('data-seed'), png = current.getAttribute('data-png');
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
    page.showPick();
  }
  page.openViewer = function (card) {
    page.current = card;
    fill();
    viewer.hidden = false;
    document.getElementById('viewer-close').focus();
  };
  page.closeViewer = function () {
    viewer.hidden = true;
    viewer.removeAttribute('data-seed');
    var back = page.current;
    page.current = null;
    if (back) back.focus();
  };
  page.step = function (delta) {
    var list = visibleCards(), at = list.indexOf(page.current);
    var next = list[Math.max(0, Math.min(list.length - 1, (at < 0 ? 0 : at) + delta))];
    if (next && next !== page.current) {
      page.current = next;
      fill();
    }
  };
  page.cards.forEach(function (card) {
    var thumb = card.querySelector('a.thumb');
    if (thumb) thumb.addEventListener('click', function (e) {
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;  // a new tab still opens the PNG
      e.preventDefault();
      page.openViewer(card);
    });
  });
  document.getElementById('viewer-prev').addEventListener('click', function () { page.step(-1); });
  document.getElementById('viewer-next').addEventListener('click', function () { page.step(1); });
  document.getElementById('viewer-close').addEventListener('click', page.closeViewer);
  viewerPick.addEventListener('click', function () { page.togglePick(page.current); });
  viewer.addEventListener('click', function (e) { if (e.target === viewer) page.closeViewer(); });
};

// --- keys: in the viewer, arrows, Escape, p and Tab kept inside; on a card, Enter and p ---
// A key while the viewer is open; true when the viewer took it.
catacombReview.viewerKey = function (page, viewer, e) {
  if (e.key === 'ArrowLeft') page.step(-1);
  else if (e.key === 'ArrowRight') page.step(1);
  else if (e.key === 'Escape') page.closeViewer();
  else if (e.key === 'p' || e.key === 'P') page.togglePick(page.current);
  else if (e.key === 'Tab') {  // focus stays in the dialog
    var buttons = Array.prototype.slice.call(viewer.querySelectorAll('button'));
    var i = buttons.indexOf(document.activeElement), n = buttons.length;
    buttons[((i < 0 ? 0 : i + (e.shiftKey ? -1 : 1)) % n + n) % n].focus();
  }
  else return false;
  return true;
};

// A key on a focused card (not while typing in the sort and filter controls).
catacombReview.cardKey = function (page, e) {
  var t = e.target, typing = t && (t.tagName === 'SELECT' || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA');
  if (typing || !t || !t.classList || !t.classList.contains('card')) return;
  if (e.key === 'Enter') { e.preventDefault(); page.openViewer(t); }
  else if (e.key === 'p' || e.key === 'P') { e.preventDefault(); page.togglePick(t); }
};

catacombReview.keys = function (page) {
  var viewer = document.getElementById('viewer');
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (!page.current) return catacombReview.cardKey(page, e);
    if (catacombReview.viewerKey(page, viewer, e)) e.preventDefault();
  });
};

// The parts of the page joined, then drawn from the picks kept and the hash of the URL.
catacombReview.start = function () {
  var page = catacombReview.page();
  catacombReview.sorting(page);
  catacombReview.picks(page);
  catacombReview.viewer(page);
  catacombReview.keys(page);
  page.loadPicks();
  page.renderPicks();
  page.readHash();
  page.render();
};

catacombReview.start();
