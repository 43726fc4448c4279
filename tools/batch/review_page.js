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
