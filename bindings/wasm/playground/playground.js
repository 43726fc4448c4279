// The playground's code (assemble.mjs puts it inline after the package, with `catacomb` bound to
// the package's exports). Generates a map from the form, draws it on <canvas id="map"> in the
// PNG preview's colours and markers, paints it with the tool buttons (mouse strokes, undo/redo),
// re-validates it after every stroke and shows the report in [data-validation], exports JSON,
// ASCII and .tmj through the library's own writers, imports JSON, and keeps the state in the
// URL's hash: "#generator=caves&seed=7&width=64&height=48&edits=..." reproduces the map (and
// locks, key_rule, lock_layout, switches, one_way, secret_doors, when not their defaults). The
// walkthrough names keys and doors by their lock ("take key 2": the key of lock 2) and switches
// by their id; an objective's index in the map's list follows in brackets.
//
// Edits in the URL: strokes separated by "~", each "p<terrain>.<cell>,<cell>..." (cells as
// row-major indices, base 36) or "m<objective>.<x>.<y>" (an objective moved).

/* global catacomb */
const TERRAIN_COLOURS = [[38, 34, 44], [196, 186, 160], [160, 148, 122], [150, 92, 40], [64, 120, 200], [70, 140, 60],
                         [225, 215, 190], [200, 140, 50], [120, 84, 56]];
const MARKER_COLOURS = { start: [40, 200, 60], exit: [220, 40, 40], key: [250, 210, 30], treasure: [250, 140, 20],
                         objective: [200, 60, 220], switch: [0, 230, 200] };
// The progression fields of the form (config keys) and their defaults: only others go in the URL.
const PROGRESSION = { locks: '0', key_rule: 'reusable', lock_layout: 'chain', switches: '0', one_way: '0',
                      secret_doors: '0' };
const NUMBER_FIELDS = ['width', 'height', 'locks', 'switches', 'one_way', 'secret_doors'];
const LOCK_COLOURS = [[0, 200, 255], [255, 80, 160], [150, 255, 60], [160, 110, 255], [255, 255, 255], [0, 150, 140],
                      [255, 190, 120], [120, 60, 20], [90, 90, 255]];
const MARKER_TOOLS = ['start', 'exit', 'key', 'treasure', 'objective'];
const TERRAIN_KEYS = '123456789';
const MARKER_KEYS = { start: 's', exit: 'e', key: 'k', treasure: 't', objective: 'o' };
const OVERLAY_KEYS = { walkthrough: 'w', routes: 'r', heatmap: 'h', chokepoints: 'c', 'dead-ends': 'd', unreachable: 'u' };

const $ = (selector) => document.querySelector(selector);
const canvas = $('#map');
const ctx = canvas.getContext('2d');
const form = $('#params');

const state = {
  map: null,          // the CatacombMap
  base: null,         // {generator, seed, width, height} or {imported: JSON text}
  done: [],           // applied edits, oldest first (the undo stack; what the URL holds)
  undone: [],         // the redo stack
  tool: 'wall',
  scale: 8,
  report: null,
  stroke: null,       // the stroke being painted: {terrain, cells: Map(index -> old terrain)}
  timings: [],        // milliseconds of each re-validation
};

const rgb = ([r, g, b]) => `rgb(${r},${g},${b})`;
const status = (text) => { $('#status').textContent = text; };

// --- drawing -------------------------------------------------------------------------------------

// Whether the marker of `kind` covers pixel (x, y) of a size x size box: the PNG preview's shapes
// (render/image.cpp, marker_shape_covers).
function covers(kind, x, y, size) {
  const u = 2 * x + 1 - size, v = 2 * y + 1 - size, r = size - 2;
  const au = Math.abs(u), av = Math.abs(v);
  switch (kind) {
    case 'start': return u * u + v * v <= r * r;
    case 'exit': return au <= r && av <= r && (au > r / 2 || av > r / 2);
    case 'key': return au + av <= r;
    case 'treasure': return v <= r && 2 * au <= v + r;
    case 'switch': return u * u + v * v <= r * r && 4 * (u * u + v * v) >= r * r;  // a ring
    default: return (au <= r / 3 && av <= r) || (av <= r / 3 && au <= r);
  }
}

// The marker's pixels (shape, then a 1-pixel dark outline), as the preview draws them.
function drawMarker(o) {
  const s = state.scale, side = Math.max(s, 7);
  const x0 = o.x * s + Math.floor(s / 2) - Math.floor(side / 2), y0 = o.y * s + Math.floor(s / 2) - Math.floor(side / 2);
  const colour = o.kind === 'key' && o.lock ? LOCK_COLOURS[o.lock - 1] : MARKER_COLOURS[o.kind];
  for (let y = 0; y < side; ++y)
    for (let x = 0; x < side; ++x) {
      let fill = null;
      if (covers(o.kind, x, y, side)) fill = rgb(colour);
      else {
        for (let dy = -1; dy <= 1 && !fill; ++dy)
          for (let dx = -1; dx <= 1 && !fill; ++dx)
            if (x + dx >= 0 && x + dx < side && y + dy >= 0 && y + dy < side && covers(o.kind, x + dx, y + dy, side))
              fill = 'rgb(10,10,10)';
      }
      if (fill) {
        ctx.fillStyle = fill;
        ctx.fillRect(x0 + x, y0 + y, 1, 1);
      }
    }
}

function drawTiles() {
  const { map } = state, s = state.scale, w = map.width, h = map.height;
  const image = ctx.createImageData(w * s, h * s);
  const tiles = map.tiles;
  for (let y = 0; y < h; ++y)
    for (let x = 0; x < w; ++x) {
      const c = TERRAIN_COLOURS[tiles[y * w + x]] || [255, 0, 255];
      for (let py = 0; py < s; ++py) {
        let i = ((y * s + py) * w * s + x * s) * 4;
        for (let px = 0; px < s; ++px, i += 4) {
          image.data[i] = c[0]; image.data[i + 1] = c[1]; image.data[i + 2] = c[2]; image.data[i + 3] = 255;
        }
      }
    }
  ctx.putImageData(image, 0, 0);
}

// Locked doors in their lock's colour with a door-coloured bar, gates in the switch colour, one-way
// doors half amber, secret doors a grey dot on wall: the PNG preview's door marks (render/image.cpp).
function drawDoors() {
  const s = state.scale, bar = Math.max(1, Math.floor(s / 4));
  for (const d of state.map.doors()) {
    const px = d.x * s, py = d.y * s;
    if (d.lock) {
      ctx.fillStyle = rgb(LOCK_COLOURS[d.lock - 1]);
      ctx.fillRect(px, py, s, s);
      ctx.fillStyle = rgb(TERRAIN_COLOURS[3]);
      if (s >= 4) ctx.fillRect(px, py + Math.floor((s - bar) / 2), s, bar);
    } else if (d.gate) {
      ctx.fillStyle = rgb(MARKER_COLOURS.switch);
      ctx.fillRect(px, py, s, s);
    } else if (d.one_way) {
      ctx.fillStyle = 'rgb(255,170,0)';
      const h = { north: [0, 0, s, s / 2], south: [0, s / 2, s, s / 2], west: [0, 0, s / 2, s], east: [s / 2, 0, s / 2, s] }[d.one_way];
      ctx.fillRect(px + h[0], py + h[1], h[2], h[3]);
    } else if (d.secret) {
      ctx.fillStyle = 'rgb(110,100,120)';
      ctx.fillRect(px + s / 3, py + s / 3, s / 3, s / 3);
    }
  }
}

function overlayOn(name) { return $(`[data-overlay="${name}"]`).checked; }

function drawRoute(route, colour, width) {
  if (!route || route.length < 2) return;
  const s = state.scale;
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  route.forEach(([x, y], i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, x * s + s / 2, y * s + s / 2));
  ctx.stroke();
}

function drawHeatmap() {
  const { map } = state, s = state.scale;
  const start = map.objectives.find((o) => o.kind === 'start');
  if (!start) return;
  const d = catacomb.distances(map, [start.x, start.y]);
  let max = 0;
  for (const v of d) if (v !== Infinity && v > max) max = v;
  for (let i = 0; i < d.length; ++i) {
    if (d[i] === Infinity) continue;
    const t = max ? d[i] / max : 0;  // blue (near) to red (far), as the CLI's heat colours
    ctx.fillStyle = `rgba(${Math.round(255 * t)},${Math.round(80 + 100 * (1 - Math.abs(2 * t - 1)))},${Math.round(255 * (1 - t))},0.55)`;
    ctx.fillRect((i % map.width) * s, Math.floor(i / map.width) * s, s, s);
  }
}

function draw() {
  const { map, report } = state, s = state.scale;
  drawTiles();
  drawDoors();
  if (overlayOn('heatmap')) drawHeatmap();
  if (report) {
    ctx.fillStyle = 'rgba(255,60,60,0.75)';
    if (overlayOn('chokepoints')) for (const [x, y] of report.chokepoints || []) ctx.fillRect(x * s, y * s, s, s);
    ctx.fillStyle = 'rgba(255,230,0,0.8)';
    if (overlayOn('dead-ends')) for (const [x, y] of report.dead_ends || []) ctx.fillRect(x * s, y * s, s, s);
    if (overlayOn('routes')) {
      const start = map.objectives.find((o) => o.kind === 'start');
      if (start)
        for (const o of map.objectives) {
          if (o === start) continue;
          const r = catacomb.terrainPath(map, [start.x, start.y], [o.x, o.y]);  // the CLI's routes overlay
          drawRoute(r.path, rgb(o.kind === 'key' && o.lock ? LOCK_COLOURS[o.lock - 1] : MARKER_COLOURS[o.kind]), Math.max(1, s / 4));
        }
    }
    if (overlayOn('walkthrough') && report.solution)
      for (const step of report.solution.walkthrough || []) drawRoute(step.route, 'rgba(255,255,255,0.85)', Math.max(1, s / 3));
  }
  const objectives = map.objectives;
  objectives.forEach(drawMarker);
  if (report && overlayOn('unreachable')) {
    ctx.strokeStyle = '#ff2020';
    ctx.lineWidth = 2;
    report.objectives.forEach((o, i) => {
      if (o.reachable) return;
      const c = objectives[i];
      ctx.beginPath();
      ctx.arc(c.x * s + s / 2, c.y * s + s / 2, Math.max(s, 7), 0, 2 * Math.PI);
      ctx.stroke();
    });
  }
}

// --- the report ----------------------------------------------------------------------------------

function listItem(text, className) {
  const li = document.createElement('li');
  li.textContent = text;
  if (className) li.className = className;
  return li;
}

// An objective as a player knows it: a key by its lock ("key 2": the key of lock 2), a switch by
// its id, the others by their kind.
function objectiveName(o, kind) {
  if (!o) return kind || 'objective';
  if (o.kind === 'key' && o.lock) return `key ${o.lock}`;
  if (o.kind === 'switch' && o.switch) return `switch ${o.switch}`;
  return o.kind;
}

// A walkthrough step in words: "take key 2 [6]", "open the door of lock 2", "toggle switch 1 [7]",
// "reach exit [1]" (the objective's index in the map's list in brackets).
function stepText(st, objectives) {
  if (st.objective === null || st.objective === undefined)
    return st.lock ? `open the door of lock ${st.lock}` : `${st.action} door`;
  const verb = { 'take-key': 'take', 'reach-exit': 'reach' }[st.action] || st.action;
  return `${verb} ${objectiveName(objectives[st.objective])} [${st.objective}]`;
}

function showReport() {
  const { report, map } = state;
  const box = $('[data-validation]');
  box.setAttribute('data-valid', String(report.valid));
  const solution = report.solution;
  $('#verdict').textContent = report.valid
    ? (solution && solution.completable === false ? 'valid, not completable' : 'valid: every objective reachable')
    : `invalid: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`;
  $('#summary').textContent = `${map.width}x${map.height}, ${report.passable_cells} passable cells, ${report.regions} region(s), ` +
    `${report.loops} loop(s), ${(report.dead_ends || []).length} dead end(s), ${(report.chokepoints || []).length} chokepoint(s)`;
  $('#problems').replaceChildren(...report.problems.map((p) => listItem(p.message, 'problem')));
  const objectives = map.objectives;
  $('#objectives').replaceChildren(...report.objectives.map((o, i) => listItem(
    `[${i}] ${objectiveName(objectives[i], o.kind)} at ${o.x},${o.y}: ${o.reachable
      ? `reachable, cost ${o.cost.toFixed(1)}, ${o.length} steps` : 'UNREACHABLE'}`,
    o.reachable ? '' : 'problem')));
  const steps = solution && solution.walkthrough ? solution.walkthrough : [];
  $('#walkthrough').replaceChildren(...steps.map((st) => listItem(
    `${stepText(st, objectives)} at ${st.at[0]},${st.at[1]}: ${st.length} steps, cost ${st.cost.toFixed(1)}`)));
  const t = state.timings;
  if (t.length) $('#timing').textContent = `re-validated in ${t[t.length - 1].toFixed(2)} ms`;
}

// Validates the map as it is now, shows the report and redraws.
function revalidate() {
  const t0 = performance.now();
  state.report = catacomb.validate(state.map);
  state.timings.push(performance.now() - t0);
  showReport();
  draw();
}

// --- the URL -------------------------------------------------------------------------------------

function encodeEdit(e) {
  if (e.type === 'paint') return `p${e.terrain}.${e.cells.map(([i]) => i.toString(36)).join(',')}`;
  return `m${e.index}.${e.to[0]}.${e.to[1]}`;
}

function decodeEdit(text) {
  const m = /^p([0-8])\.([0-9a-z,]+)$/.exec(text);
  if (m) return { type: 'paint', terrain: Number(m[1]), cells: m[2].split(',').map((c) => [parseInt(c, 36)]) };
  const n = /^m([0-9]+)\.([0-9]+)\.([0-9]+)$/.exec(text);
  if (n) return { type: 'move', index: Number(n[1]), to: [Number(n[2]), Number(n[3])] };
  throw new Error(`edit = ${text} (expected p<terrain>.<cells> or m<objective>.<x>.<y>)`);
}

function writeURL() {
  if (!state.base || state.base.imported) return;
  const q = new URLSearchParams(Object.entries(state.base).filter(([k, v]) => PROGRESSION[k] !== v));
  if (state.done.length) q.set('edits', state.done.map(encodeEdit).join('~'));
  state.hash = `#${q.toString()}`;
  history.replaceState(null, '', state.hash);
}

// --- edits ---------------------------------------------------------------------------------------

// Applies an edit to the map (forward), recording what it replaces so that undo can restore it.
function apply(e) {
  const { map } = state;
  if (e.type === 'paint') {
    const tiles = map.tiles;
    for (const c of e.cells) {
      if (c[0] < 0 || c[0] >= tiles.length) throw new Error(`cell = ${c[0]} (expected 0 to ${tiles.length - 1})`);
      if (c.length < 2) c.push(tiles[c[0]]);
      tiles[c[0]] = e.terrain;
    }
  } else {
    const o = map.objectives[e.index];
    if (!o) throw new Error(`objective = ${e.index} (expected 0 to ${map.objectives.length - 1})`);
    if (!e.from) e.from = [o.x, o.y];
    map.moveObjective(e.index, e.to);
  }
}

function revert(e) {
  if (e.type === 'paint') {
    const tiles = state.map.tiles;
    for (const [i, old] of e.cells) tiles[i] = old;
  } else state.map.moveObjective(e.index, e.from);
}

function commit(e) {
  apply(e);
  state.done.push(e);
  state.undone = [];
  writeURL();
  revalidate();
}

function undo() {
  const e = state.done.pop();
  if (!e) return;
  revert(e);
  state.undone.push(e);
  writeURL();
  revalidate();
}

function redo() {
  const e = state.undone.pop();
  if (!e) return;
  apply(e);
  state.done.push(e);
  writeURL();
  revalidate();
}

// --- painting with the mouse ---------------------------------------------------------------------

function cellAt(event) {
  const r = canvas.getBoundingClientRect();
  const x = Math.floor((event.clientX - r.left) * (canvas.width / r.width) / state.scale);
  const y = Math.floor((event.clientY - r.top) * (canvas.height / r.height) / state.scale);
  return x >= 0 && y >= 0 && x < state.map.width && y < state.map.height ? [x, y] : null;
}

function paintCell([x, y]) {
  const { stroke, map } = state;
  const i = y * map.width + x;
  const tiles = map.tiles;
  if (!stroke.cells.has(i)) stroke.cells.set(i, tiles[i]);
  tiles[i] = stroke.terrain;
  const s = state.scale;
  ctx.fillStyle = rgb(TERRAIN_COLOURS[stroke.terrain]);
  ctx.fillRect(x * s, y * s, s, s);
}

// Every cell on the segment between two cells (Bresenham), so a fast drag leaves no gaps.
function paintLine(from, to) {
  let [x, y] = from;
  const [x1, y1] = to, dx = Math.abs(x1 - x), dy = -Math.abs(y1 - y), sx = x < x1 ? 1 : -1, sy = y < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    paintCell([x, y]);
    if (x === x1 && y === y1) return;
    const e2 = 2 * err;
    if (e2 >= dy) { err += dy; x += sx; }
    if (e2 <= dx) { err += dx; y += sy; }
  }
}

function nearestObjective(kind, [x, y]) {
  let best = -1, bestD = Infinity;
  state.map.objectives.forEach((o, i) => {
    const d = (o.x - x) ** 2 + (o.y - y) ** 2;
    if (o.kind === kind && d < bestD) { best = i; bestD = d; }
  });
  return best;
}

canvas.addEventListener('mousedown', (event) => {
  const c = state.map && cellAt(event);
  if (!c) return;
  event.preventDefault();
  if (MARKER_TOOLS.includes(state.tool)) {
    const index = nearestObjective(state.tool, c);
    if (index < 0) return status(`this map has no ${state.tool} to move`);
    try { commit({ type: 'move', index, to: c }); } catch (e) { status(e.message); }
    return;
  }
  state.stroke = { terrain: catacomb.TERRAINS.indexOf(state.tool), cells: new Map(), last: c };
  paintCell(c);
});
canvas.addEventListener('mousemove', (event) => {
  if (!state.stroke) return;
  const c = cellAt(event);
  if (!c) return;
  paintLine(state.stroke.last, c);
  state.stroke.last = c;
});
window.addEventListener('mouseup', () => {
  const { stroke } = state;
  if (!stroke) return;
  state.stroke = null;
  // The tiles are painted already; the edit records what each cell held before the stroke.
  const e = { type: 'paint', terrain: stroke.terrain, cells: [...stroke.cells].map(([i, old]) => [i, old]) };
  state.done.push(e);
  state.undone = [];
  writeURL();
  revalidate();
});

// --- tools, overlays, shortcuts ------------------------------------------------------------------

function selectTool(tool) {
  state.tool = tool;
  for (const b of document.querySelectorAll('[data-tool]')) b.setAttribute('aria-pressed', String(b.dataset.tool === tool));
}

function buildTools() {
  const tools = $('#tools');
  catacomb.TERRAINS.forEach((t, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.tool = t;
    b.title = `paint ${t} (key ${TERRAIN_KEYS[i]})`;
    b.innerHTML = `<span class="swatch" style="background:${rgb(TERRAIN_COLOURS[i])}"></span>${t}`;
    tools.append(b);
  });
  tools.append(Object.assign(document.createElement('span'), { className: 'sep' }));
  for (const kind of MARKER_TOOLS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.tool = kind;
    b.title = `move the nearest ${kind} here (key ${MARKER_KEYS[kind]})`;
    b.innerHTML = `<span class="swatch" style="background:${rgb(MARKER_COLOURS[kind])}"></span>${kind}`;
    tools.append(b);
  }
  tools.addEventListener('click', (event) => {
    const b = event.target.closest('[data-tool]');
    if (b) selectTool(b.dataset.tool);
  });
  selectTool('wall');
  const keys = [['1 to 9', `paint ${catacomb.TERRAINS.join(', ')}`],
                [MARKER_TOOLS.map((k) => MARKER_KEYS[k]).join(' '), `move the nearest ${MARKER_TOOLS.join(', ')} (then click)`],
                [`Shift+${Object.values(OVERLAY_KEYS).join('/').toUpperCase()}`, `toggle the overlays: ${Object.keys(OVERLAY_KEYS).join(', ')}`],
                ['Ctrl+Z', 'undo the last stroke'], ['Ctrl+Y, Ctrl+Shift+Z', 'redo'], ['g', 'generate from the form'],
                ['+ / -', 'next / previous seed'], ['drag', 'paint a stroke (re-validated when the button is released)']];
  $('#shortcuts').replaceChildren(...keys.flatMap(([k, what]) => [
    Object.assign(document.createElement('dt'), { textContent: k }), Object.assign(document.createElement('dd'), { textContent: what })]));
}

document.addEventListener('keydown', (event) => {
  if (event.target.closest && event.target.closest('input, select, textarea')) return;
  const k = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && (k === 'z' || k === 'Z')) { event.preventDefault(); return event.shiftKey ? redo() : undo(); }
  if (ctrl && (k === 'y' || k === 'Y')) { event.preventDefault(); return redo(); }
  if (ctrl || event.altKey) return;
  if (event.shiftKey) {
    const overlay = Object.keys(OVERLAY_KEYS).find((o) => OVERLAY_KEYS[o] === k.toLowerCase());
    if (overlay) {
      const box = $(`[data-overlay="${overlay}"]`);
      box.checked = !box.checked;
      draw();
      return;
    }
  }
  const t = TERRAIN_KEYS.indexOf(k);
  if (t >= 0 && t < catacomb.TERRAINS.length) return selectTool(catacomb.TERRAINS[t]);
  const marker = MARKER_TOOLS.find((m) => MARKER_KEYS[m] === k);
  if (marker) return selectTool(marker);
  if (k === 'g') return form.requestSubmit();
  if (k === '+' || k === '-') {
    const seed = BigInt(form.seed.value || '0') + (k === '+' ? 1n : -1n);
    form.seed.value = String(seed < 0n ? 0n : seed);
    return form.requestSubmit();
  }
});
for (const box of document.querySelectorAll('[data-overlay]')) box.addEventListener('change', draw);

// --- loading a map -------------------------------------------------------------------------------

function fitScale() {
  const { map } = state;
  state.scale = Math.max(2, Math.min(16, Math.floor(Math.min(768 / map.width, 640 / map.height))));
  canvas.width = map.width * state.scale;
  canvas.height = map.height * state.scale;
}

// Replaces the map: from a config (with the edits `edits` applied after) or imported JSON text.
function load(base, edits = []) {
  const next = base.imported ? catacomb.fromJSON(base.imported) : catacomb.generate(config(base));
  if (state.map) state.map.dispose();
  state.map = next;
  state.base = base;
  state.done = [];
  state.undone = [];
  fitScale();
  for (const e of edits) {
    apply(e);
    state.done.push(e);
  }
  writeURL();
  revalidate();
  status(base.imported ? 'imported map' : `${base.generator}, seed ${base.seed}, ${base.width}x${base.height}` +
         (base.locks !== '0' ? `, ${base.locks} lock(s)` : '') + (base.switches !== '0' ? `, ${base.switches} switch(es)` : ''));
}

// The fields of the form (or of the URL), as text by config key.
const FIELDS = ['generator', 'seed', 'width', 'height', ...Object.keys(PROGRESSION)];

function formBase() {
  return Object.fromEntries(FIELDS.map((k) => [k, form[k].value.trim()]));
}

// The config generate() takes: numbers as numbers, the progression fields only when not their
// defaults (a platformer takes no locks; the caves no lock layout but chain).
function config(base) {
  const c = {};
  for (const k of FIELDS) {
    if (base[k] === undefined || (k in PROGRESSION && base[k] === PROGRESSION[k])) continue;
    c[k] = NUMBER_FIELDS.includes(k) ? Number(base[k]) : base[k];
  }
  return c;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  try { load(formBase()); } catch (e) { status(e.message); }
});

function download(name, data, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([data], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function stem() {
  const b = state.base;
  return b && !b.imported ? `${b.generator}-${b.seed}${state.done.length ? '-edited' : ''}` : 'map';
}

$('#undo').addEventListener('click', undo);
$('#redo').addEventListener('click', redo);
$('#export-json').addEventListener('click', () => download(`${stem()}.json`, state.map.toJSON(), 'application/json'));
$('#export-ascii').addEventListener('click', () => download(`${stem()}.txt`, state.map.toASCII(), 'text/plain'));
$('#export-tmj').addEventListener('click', () => {
  const t = state.map.toTMJ(`${stem()}.tmj`);
  download(`${stem()}.tmj`, t.tmj, 'application/json');
  download(t.pngFile, t.png, 'image/png');
});
$('#import-json').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  try { load({ imported: await file.text() }); } catch (e) { status(`${file.name}: ${e.message}`); }
  event.target.value = '';
});

// The state the URL's hash gives, else the form's defaults.
function fromHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  const base = formBase();
  for (const key of FIELDS) {
    if (q.has(key)) base[key] = q.get(key);
    else if (key in PROGRESSION) base[key] = PROGRESSION[key];
    form[key].value = base[key];
  }
  try {
    load(base, q.get('edits') ? q.get('edits').split('~').map(decodeEdit) : []);
  } catch (e) {
    status(e.message);
  }
}

function start() {
  buildTools();
  fromHash();
  // A link followed or typed into the address bar on the open page: its state, unless it is the
  // hash this page wrote itself.
  window.addEventListener('hashchange', () => { if (location.hash !== state.hash) fromHash(); });
  document.body.setAttribute('data-ready', 'true');
}

// For tests and the console: the state and the timings of every re-validation.
globalThis.playground = { state, undo, redo, revalidate, catacomb };
start();
