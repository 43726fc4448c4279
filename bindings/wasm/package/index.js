// catacomb-wasm: the catacomb library as an ES module: the API (here), Emscripten's glue
// (catacomb_wasm.mjs) and the binary (catacomb_wasm.wasm), loaded the same in Node, browsers and
// bundlers. The module is instantiated once, at import
// (top-level await). Maps live in the wasm heap: a CatacombMap frees its memory on dispose(),
// and a map that is garbage-collected undisposed is freed then (FinalizationRegistry).
import createCatacombModule from './catacomb_wasm.mjs';

// The wasm binary: a copy the page inlined (the playground, which file:// keeps from fetching
// files), else in Node the file beside this module; in browsers and bundlers the glue fetches
// catacomb_wasm.wasm beside catacomb_wasm.mjs itself.
async function wasmBinary() {
  if (globalThis.catacombWasmBinary instanceof Uint8Array) return globalThis.catacombWasmBinary;
  const url = new URL('./catacomb_wasm.wasm', import.meta.url);
  if (url.protocol === 'file:' && typeof process === 'object' && process.versions && process.versions.node) {
    const { readFile } = await import('node:fs/promises');
    return new Uint8Array(await readFile(url));
  }
  return undefined;
}

const wasm = await createCatacombModule({ wasmBinary: await wasmBinary() });

/** Terrain names by their byte value in `map.tiles` (Wall = 0 ... Platform = 8). */
export const TERRAINS = Object.freeze(['wall', 'floor', 'corridor', 'door', 'water', 'vegetation', 'road',
                                       'ladder', 'platform']);

const finalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => handle.delete()) : null;

function fail(message) {
  throw new Error(message);
}

// The binding returns {error} on failure; anything else is the result.
function unwrap(result) {
  if (result && typeof result === 'object' && typeof result.error === 'string') fail(result.error);
  return result;
}

function cell(value, name) {
  if (Array.isArray(value) && value.length === 2) return value;
  if (value && typeof value === 'object' && 'x' in value && 'y' in value) return [value.x, value.y];
  return fail(`${name} = ${JSON.stringify(value)} (expected [x, y] or {x, y})`);
}

function integer(value, name) {
  if (!Number.isInteger(value)) fail(`${name} = ${JSON.stringify(value)} (expected an integer)`);
  return value;
}

// toJSON's {graph}; JSON.stringify(map) passes a key string, which means no graph.
function graphOption(options) {
  return Boolean(options && typeof options === 'object' && options.graph);
}

/** A dungeon in the wasm heap. Made by generate() or fromJSON(); dispose() frees it. */
export class CatacombMap {
  #handle;

  constructor(handle) {
    this.#handle = handle;
    if (finalizer) finalizer.register(this, handle, this);
  }

  get #live() {
    if (!this.#handle) fail('map = disposed (expected a map not yet disposed)');
    return this.#handle;
  }

  /** Columns. */
  get width() { return this.#live.width(); }
  /** Rows. */
  get height() { return this.#live.height(); }
  /** The seed, as decimal text (it may exceed 2^53). */
  get seed() { return this.#live.seed(); }
  /** "rooms", "caves", "platformer", or "" for a map of unknown origin. */
  get generator() { return this.#live.generator(); }
  /**
   * The terrain bytes, row-major (index y * width + x), values as TERRAINS: a view into the wasm
   * heap, written to edit the map. Take a new view after any call that may allocate (generate,
   * fromJSON, validate...): a view made before the heap grows is empty afterwards.
   */
  get tiles() { return this.#live.tiles(); }
  /**
   * The objectives in the map's order: [{kind, x, y, lock, switch}] (lock and switch 0 when
   * none), as the JSON map's "objectives".
   */
  get objectives() { return this.#live.objectives(); }
  /** True once dispose() has run. */
  get disposed() { return !this.#handle; }

  /** Moves objective `index` (as in `objectives`) to `to` ([x, y] or {x, y}). */
  moveObjective(index, to) {
    const [x, y] = cell(to, 'to');
    const error = this.#live.moveObjective(integer(index, 'index'), integer(x, 'to.x'), integer(y, 'to.y'));
    if (error) fail(error);
  }

  /** The rooms as the JSON map's "rooms": [{x, y, width, height}] (and node, template if any). */
  rooms() { return this.#live.rooms(); }
  /** The room graph as the JSON map's "graph" (`catacomb generate --json --graph`): {nodes, edges}. */
  graph() { return unwrap(this.#live.graph()); }
  /**
   * Every locked and progression door in row-major order: {x, y} and its legend entry's fields in
   * the JSON map: lock; gate (its switch) and open_when: "off"; one_way (a direction); secret.
   */
  doors() { return this.#live.doors(); }

  /**
   * The catacomb JSON map, byte for byte what `catacomb generate --json` writes; with
   * {graph: true}, what `--json --graph` writes (the room graph after the rooms).
   */
  toJSON(options) { return unwrap(this.#live.toJSON(graphOption(options))); }
  /** The ASCII map, as `catacomb generate --txt` writes it. */
  toASCII() { return this.#live.toASCII(); }

  /**
   * The map as `catacomb generate --tmj <file>` writes it, byte for byte: {tmj (text), png (the
   * tileset image's bytes, to write beside the map), pngFile (its name: "<stem>-tileset.png")}.
   */
  toTMJ(file = 'map.tmj') {
    const v = unwrap(this.#live.toTMJ(String(file)));
    return { tmj: v.tmj, png: v.png, pngFile: v.pngFile };
  }

  /** The PNG preview, byte for byte what `catacomb generate --png --scale <scale>` writes. */
  toPNG(scale = 4) {
    if (!Number.isInteger(scale)) fail(`scale = ${JSON.stringify(scale)} (expected an integer 1 to 64)`);
    return unwrap(this.#live.toPNG(scale));
  }

  /** The Moving AI .map text `catacomb generate --map` writes. */
  toMovingAI() { return unwrap(this.#live.toMovingAI()); }

  /** The MiniHack des-file `catacomb generate --des` writes, its MAZE named `name`. */
  toDes(name = 'catacomb') { return unwrap(this.#live.toDes(String(name))); }
  /**
   * The Griddly level string `catacomb generate --level-string` writes; `legend` changes some of
   * the default characters ({start: 'W', keys: 'KVDOp!;_|'}: docs/formats.md).
   */
  toLevelString(legend) {
    if (legend !== undefined && (legend === null || typeof legend !== 'object' || Array.isArray(legend)))
      fail(`legend = ${JSON.stringify(legend)} (expected an object of legend entries)`);
    return unwrap(this.#live.toLevelString(legend === undefined ? '' : JSON.stringify(legend)));
  }
  /** The .npz level buffer `catacomb generate --npz` writes (numpy arrays), as bytes. */
  toNpz() { return unwrap(this.#live.toNpz()); }

  /** Frees the map's memory; the map cannot be used afterwards. Safe to call twice. */
  dispose() {
    if (!this.#handle) return;
    if (finalizer) finalizer.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }

  /** @internal the binding's handle, for the functions below. */
  static handle(map) {
    if (!(map instanceof CatacombMap)) fail(`map = ${typeof map} (expected a CatacombMap)`);
    return map.#live;
  }
}

function adopt(load) {
  const handle = new wasm.Map();
  let error;
  try {
    error = load(handle);
  } catch (e) {
    handle.delete();
    throw e;
  }
  if (error) {
    handle.delete();
    fail(error);
  }
  return new CatacombMap(handle);
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const jsonText = (v) => (typeof v === 'string' ? v : JSON.stringify(v));

// A config's template set: the .tmj's text, or {tmj, tilesets} with each external tileset's text
// (or object) by the name the map gives it. Returns [the .tmj's text, the tilesets as JSON text].
// A file's content, not its path: a string that cannot be JSON is refused naming what is wanted.
function jsonContent(name, value, what) {
  if (typeof value === 'string' && !/^\s*\{/.test(value))
    fail(`${name} = ${JSON.stringify(value.slice(0, 40))} (expected ${what}, not a path: the package reads no files)`);
  return value;
}

function templateSet(value) {
  if (typeof value === 'string') return [jsonContent('templates', value, "the .tmj's text"), '{}'];
  if (isObject(value) && (typeof value.tmj === 'string' || isObject(value.tmj))) {
    const { tmj, tilesets = {}, ...rest } = value;
    const extra = Object.keys(rest);
    if (extra.length) fail(`templates key "${extra[0]}" (expected tmj or tilesets)`);
    if (!isObject(tilesets)) fail(`templates.tilesets = ${JSON.stringify(tilesets)} (expected {name: text})`);
    return [jsonContent('templates.tmj', jsonText(tmj), "the .tmj's text"), JSON.stringify(Object.fromEntries(Object.entries(tilesets).map(([k, v]) => [k, jsonText(v)])))];
  }
  return fail(`templates = ${JSON.stringify(value)} (expected the .tmj's text or {tmj, tilesets})`);
}

// A config's time_limit_ms: whole milliseconds, 0 (the default) for no limit.
function timeLimit(value) {
  if (value === undefined) return 0;
  if (!Number.isSafeInteger(value)) fail(`config key "time_limit_ms" = ${JSON.stringify(value)} (expected an integer)`);
  if (value < 0) fail(`time_limit_ms = ${value} (expected 0 (no limit) or more milliseconds)`);
  return value;
}

// A config as JSON text, the template set's tilesets as JSON text and the time limit (ms; the
// package's own key, given to generate_dungeon_within): BigInt seeds (and seeds given as decimal
// text) written as integers, the template set as its .tmj's text.
function configText(config) {
  if (!isObject(config)) fail(`config = ${JSON.stringify(config)} (expected an object)`);
  let tilesets = '{}';
  const { time_limit_ms: limit, ...rest } = config;
  const parts = Object.entries(rest).map(([key, value]) => {
    let text;
    if (key === 'templates') {
      let tmj;
      [tmj, tilesets] = templateSet(value);
      text = JSON.stringify(tmj);
    } else if (key === 'mission' && typeof value !== 'string' && !isObject(value)) {
      fail(`mission = ${JSON.stringify(value)} (expected the mission's JSON, as text or an object)`);
    } else if (key === 'mission' && typeof value === 'string') {
      text = JSON.stringify(jsonContent('mission', value, "the mission's JSON"));
    } else if (typeof value === 'bigint') text = value.toString();
    else if (key === 'seed' && typeof value === 'string' && /^[0-9]+$/.test(value)) text = value;
    else text = JSON.stringify(value);
    return `${JSON.stringify(key)}:${text}`;
  });
  return [`{${parts.join(',')}}`, tilesets, timeLimit(limit)];
}

// The module's message for an unknown key lists the library's keys: the package's own joins them.
function withPackageKeys(error) {
  return error.replace(/^(config key "(?:[^"\\]|\\.)*" \(expected one of .*)\)$/, '$1, time_limit_ms)');
}

/**
 * A valid dungeon from a config: the keys of `catacomb generate --config` files ("generator",
 * "width", "room_count"...), "seed" (a number, a BigInt or decimal text up to 2^64-1), and
 * "templates" (the .tmj's text, or {tmj, tilesets}), "theme" and "mission" (its JSON, as text or
 * an object): the contents of the files `--templates`, `--theme` and `--mission` name; and
 * "time_limit_ms" (0, the default: none): give up once that many milliseconds have passed (an
 * Error "time limit of N ms reached: ..."); a map made within it is the seed's own, byte for byte.
 */
export function generate(config = {}) {
  const [text, tilesets, limit] = configText(config);
  return adopt((h) => withPackageKeys(h.generate(text, tilesets, limit)));
}

/** A map from catacomb JSON map text (or the object it parses to). */
export function fromJSON(json) {
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  return adopt((h) => h.readJSON(text));
}

/** The map as catacomb JSON map text (map.toJSON(options)). */
export function toJSON(map, options) { return unwrap(CatacombMap.handle(map).toJSON(graphOption(options))); }

/** The map as ASCII (map.toASCII()). */
export function toASCII(map) { return CatacombMap.handle(map).toASCII(); }

/** The report of `catacomb validate MAP --json`, as an object. */
export function validate(map) {
  return JSON.parse(unwrap(CatacombMap.handle(map).validate()).json);
}

/** The certificate of a valid map (`catacomb validate --certificate`), as JSON text. */
export function certificate(map) {
  return unwrap(CatacombMap.handle(map).certificate()).text;
}

/**
 * Replays a certificate on the map under its own rules: {accepted, step, reason, summary,
 * unlosable, state}; unlosable when its listed states prove no player can lose the map.
 */
export function verify(map, cert) {
  const text = typeof cert === 'string' ? cert : JSON.stringify(cert);
  const v = unwrap(CatacombMap.handle(map).verify(text));
  return {
    accepted: v.accepted, step: v.step, reason: v.reason, summary: v.summary, unlosable: v.unlosable,
    state: v.state,
  };
}

// A player state's keys: lock ids (repeated for several consumable keys), {lock: count}, or 'all'
// (every key of the map): ten counts, index = lock id.
function keyCounts(map, keys) {
  const counts = new Array(10).fill(0);
  const add = (lock, count, name) => {
    if (!Number.isInteger(lock) || lock < 1 || lock > 9) fail(`${name} = ${JSON.stringify(lock)} (expected a lock id 1 to 9)`);
    if (!Number.isInteger(count) || count < 0 || counts[lock] + count > 1000)
      fail(`keys[${lock}] = ${JSON.stringify(count)} (expected a count of 0 to 1000 keys)`);
    counts[lock] += count;
  };
  if (keys === undefined || keys === null) return counts;
  if (keys === 'all') {
    for (const o of map.objectives) if (o.kind === 'key' && o.lock >= 1 && o.lock <= 9) add(o.lock, 1, 'key lock');
  } else if (Array.isArray(keys)) {
    keys.forEach((lock, i) => add(lock, 1, `keys[${i}]`));
  } else if (typeof keys === 'object') {
    for (const [lock, count] of Object.entries(keys)) add(Number(lock), count, `keys key ${JSON.stringify(lock)}`);
  } else {
    fail(`keys = ${JSON.stringify(keys)} (expected lock ids, {lock: count} or 'all')`);
  }
  return counts;
}

// The rule the map's keys follow: 'reusable' or 'consumable' (the JSON map's key_rule).
function keyRule(map) {
  return JSON.parse(map.toJSON()).key_rule ?? 'reusable';
}

/**
 * What a player holds, kept in step as play goes on, and taken by path() as its state: `keys`
 * ({lock: count}), `switches` (the ids that are on, ascending) and `opened` (cells of the locked
 * doors opened). Every method checks its argument (an Error naming it) and returns the state.
 */
export class PlayerState {
  constructor({ keys, switches, opened } = {}) {
    this.keys = {};
    this.switches = [];
    this.opened = [];
    if (keys !== undefined) {
      const counts = keyCounts({ objectives: [] }, keys === 'all' ? fail("keys = 'all' (expected lock ids or {lock: count}: use PlayerState.allKeys(map))") : keys);
      counts.forEach((n, lock) => { if (n > 0) this.keys[lock] = n; });
    }
    for (const [i, id] of (switches ?? []).entries()) this.setSwitch(id, true, `switches[${i}]`);
    for (const [i, c] of (opened ?? []).entries()) this.openDoor(c, `opened[${i}]`);
  }

  /** A state holding every key lying on `map` (one per key objective). */
  static allKeys(map) {
    const s = new PlayerState();
    for (const o of map.objectives) if (o.kind === 'key' && o.lock >= 1) s.addKey(o.lock);
    return s;
  }

  /** Gains `count` keys of lock `lock` (1 to 9). */
  addKey(lock, count = 1) {
    const counts = keyCounts({ objectives: [] }, { ...this.keys, [lock]: (this.keys[lock] ?? 0) });
    if (!Number.isInteger(count) || count < 1 || counts[lock] + count > 1000)
      fail(`count = ${JSON.stringify(count)} (expected 1 to ${1000 - counts[lock]} keys)`);
    this.keys[lock] = counts[lock] + count;
    return this;
  }

  /** Spends one key of lock `lock`; an Error when none is held. */
  spendKey(lock) {
    if (!((this.keys[lock] ?? 0) > 0)) fail(`lock = ${JSON.stringify(lock)} (expected the lock of a key held)`);
    if (--this.keys[lock] === 0) delete this.keys[lock];
    return this;
  }

  /** Keys held of lock `lock`. */
  keyCount(lock) { return this.keys[lock] ?? 0; }

  /** Turns switch `id` (1 to 9) on or off. */
  setSwitch(id, on = true, name = 'switch') {
    if (!Number.isInteger(id) || id < 1 || id > 9) fail(`${name} = ${JSON.stringify(id)} (expected a switch id 1 to 9)`);
    this.switches = this.switches.filter((s) => s !== id);
    if (on) this.switches = [...this.switches, id].sort((a, b) => a - b);
    return this;
  }

  /** Flips switch `id`, as a player pulling it. */
  toggle(id) { return this.setSwitch(id, !this.switchOn(id)); }

  /** True when switch `id` is on. */
  switchOn(id) { return this.switches.includes(id); }

  /** Marks the locked door at `at` opened. */
  openDoor(at, name = 'door') {
    const [x, y] = cell(at, name);
    const xy = [integer(x, `${name}.x`), integer(y, `${name}.y`)];
    if (!this.isOpened(xy)) this.opened.push(xy);
    return this;
  }

  /** True when the locked door at `at` is opened. */
  isOpened(at) {
    const [x, y] = cell(at, 'door');
    return this.opened.some(([ox, oy]) => ox === x && oy === y);
  }

  /** Takes the key lying at `at` on `map` (an Error when no key lies there). */
  pickUp(map, at) {
    const [x, y] = cell(at, 'at');
    const key = map.objectives.find((o) => o.kind === 'key' && o.x === x && o.y === y);
    if (!key || !(key.lock >= 1)) fail(`at = ${x},${y} (expected the cell of a key objective)`);
    return this.addKey(key.lock);
  }

  /**
   * Walks a route path() found for this state: opens the locked doors it opens (route.doorsOpened)
   * and, under the map's consumable key rule, spends a key of each one's lock. When the state
   * cannot pay for every door, nothing changes and an Error names the door.
   */
  walk(map, route) {
    if (!route || !Array.isArray(route.doorsOpened)) fail('route = not a path() result (expected {doorsOpened, ...})');
    const locks = new Map(map.doors().filter((d) => d.lock).map((d) => [`${d.x},${d.y}`, d.lock]));
    const consumable = keyRule(map) === 'consumable';
    const next = new PlayerState(this);
    for (const [x, y] of route.doorsOpened) {
      if (next.isOpened([x, y])) continue;
      const lock = locks.get(`${x},${y}`);
      if (lock === undefined) fail(`route door ${x},${y} (expected a locked door of the map)`);
      if (consumable) {
        if (!(next.keyCount(lock) > 0)) fail(`route door ${x},${y} (expected a key of lock ${lock} to spend on it)`);
        next.spendKey(lock);
      }
      next.openDoor([x, y]);
    }
    Object.assign(this, { keys: next.keys, switches: next.switches, opened: next.opened });
    return this;
  }
}

/**
 * A player's cheapest route under the map's rules (`catacomb path --keys ... --switches ...`):
 * {status, path: [[x, y]...], cost, expanded, doorsOpened: [[x, y]...]}. `state` says what the
 * player holds: `keys` (lock ids, {lock: count} or 'all'), `switches` (the ids that are on) and
 * `opened` (cells of locked doors opened already). A locked door is closed unless opened or a key
 * of its lock is held; a gate open or shut by its switch; a one-way door passed its way only; a
 * secret door passable. By default the player holds nothing and every switch is off.
 */
// A state's parts as the module takes them: ten key counts, switch bits, opened cells as x, y, ...
function stateParts(map, state) {
  if (state === null || typeof state !== 'object') fail(`state = ${JSON.stringify(state)} (expected {keys, switches, opened})`);
  for (const key of Object.keys(state))
    if (!['keys', 'switches', 'opened'].includes(key)) fail(`state key "${key}" (expected keys, switches or opened)`);
  let switches = 0;
  for (const [i, s] of (state.switches ?? []).entries()) {
    if (!Number.isInteger(s) || s < 1 || s > 9) fail(`switches[${i}] = ${JSON.stringify(s)} (expected a switch id 1 to 9)`);
    switches |= 1 << (s - 1);
  }
  const opened = [];
  for (const [i, c] of (state.opened ?? []).entries()) {
    const [x, y] = cell(c, `opened[${i}]`);
    opened.push(integer(x, `opened[${i}].x`), integer(y, `opened[${i}].y`));
  }
  return [keyCounts(map, state.keys), switches, opened];
}

export function path(map, from, to, state = {}) {
  const [fx, fy] = cell(from, 'from');
  const [tx, ty] = cell(to, 'to');
  return unwrap(CatacombMap.handle(map).playerPath(integer(fx, 'from.x'), integer(fy, 'from.y'), integer(tx, 'to.x'),
                                                    integer(ty, 'to.y'), ...stateParts(map, state)));
}

/**
 * The cells a player sees from `from` (symmetric shadowcasting: libtcod's FOV_SYMMETRIC_SHADOWCAST
 * set), row-major (a Uint8Array, 1 seen): walls block sight, and so do the locked doors `state`
 * has not opened, the gates its switches keep shut and secret doors; one-way doors do not.
 * `radius` 0 (the default) sees without limit, else the cells with dx² + dy² < radius²;
 * `lightWalls` (default true) shows the walls at the edge of what is seen.
 */
export function fov(map, from, { radius = 0, lightWalls = true, state = {} } = {}) {
  const [x, y] = cell(from, 'from');
  if (!Number.isInteger(radius) || radius < 0) fail(`radius = ${JSON.stringify(radius)} (expected 0 (no limit) or more)`);
  if (typeof lightWalls !== 'boolean') fail(`lightWalls = ${JSON.stringify(lightWalls)} (expected true or false)`);
  return unwrap(CatacombMap.handle(map).fov(integer(x, 'from.x'), integer(y, 'from.y'), radius, lightWalls,
                                             ...stateParts(map, state)));
}

/**
 * The cheapest route over the terrain alone, every door a plain door tile (`catacomb path`
 * without --keys): {status, path: [[x, y]...], cost, expanded}.
 */
export function terrainPath(map, from, to) {
  const [fx, fy] = cell(from, 'from');
  const [tx, ty] = cell(to, 'to');
  return unwrap(CatacombMap.handle(map).terrainPath(integer(fx, 'from.x'), integer(fy, 'from.y'), integer(tx, 'to.x'),
                                                     integer(ty, 'to.y')));
}

/**
 * The cost of the cheapest route from `from` ([x, y] or {x, y}) to every cell under the map's
 * rules: a Float64Array, row-major, Infinity where no route reaches (the CLI's heatmap overlay).
 */
export function distances(map, from) {
  const [x, y] = cell(from, 'from');
  return unwrap(CatacombMap.handle(map).distances(integer(x, 'from.x'), integer(y, 'from.y')));
}

// --- many seeds, shards, the Navigator (#49) --------------------------------------------------

const kMaxSeed = (1n << 64n) - 1n;

// A seed as decimal text: a number up to 2^53, a BigInt or decimal text up to 2^64-1.
function seedText(value, name) {
  const ok = (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
             (typeof value === 'bigint' && value >= 0n && value <= kMaxSeed) ||
             (typeof value === 'string' && /^[0-9]{1,20}$/.test(value) && BigInt(value) <= kMaxSeed);
  if (!ok) fail(`${name} = ${typeof value === 'bigint' ? value : JSON.stringify(value)} (expected an integer from 0 to 2^64-1: a number up to 2^53, a BigInt or decimal text)`);
  return BigInt(value).toString();
}

function warnFailures(levels) {
  const failed = levels.reasons.filter((r) => r).length;
  if (!failed) return;
  const i = levels.reasons.findIndex((r) => r);
  const message = `${failed} of ${levels.length} seeds have no valid dungeon (seed ${levels.seeds[i]}: ${levels.reasons[i]})`;
  if (typeof process === 'object' && typeof process.emitWarning === 'function') process.emitWarning(message, 'GenerationWarning');
  else console.warn(message);
}

/**
 * generateMany's answer, one entry per seed in the order given: `seeds` (decimal text), `maps`
 * (a CatacombMap, or null for a seed with no valid dungeon), `reasons` (why not: the Error
 * generate() throws for the seed; '' for a map), and `ok`, `status`, `failures` derived from
 * them. dispose() frees every map.
 */
export class Levels {
  constructor(seeds, maps, reasons) {
    this.seeds = seeds;
    this.maps = maps;
    this.reasons = reasons;
  }

  /** How many seeds. */
  get length() { return this.seeds.length; }
  /** Per seed: true when it has a map. */
  get ok() { return this.maps.map((m) => m !== null); }
  /** Per seed: "ok", or "failed" for a seed with no valid dungeon within max_attempts. */
  get status() { return this.maps.map((m) => (m ? 'ok' : 'failed')); }
  /** {index: reason} of the seeds without a map. */
  get failures() {
    return Object.fromEntries(this.reasons.flatMap((r, i) => (r ? [[i, r]] : [])));
  }

  /** {seed, map, reason} per seed, in order. */
  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; ++i) yield { seed: this.seeds[i], map: this.maps[i], reason: this.reasons[i] };
  }

  /** Frees every map (dispose() of each). Safe to call twice. */
  dispose() { for (const m of this.maps) m?.dispose(); }
}

/**
 * Every seed of `seeds` (an array or iterable of seeds: numbers up to 2^53, BigInts or decimal
 * text) under one config (generate()'s keys but time_limit_ms), one after another, as the
 * library's generate_batch on one thread (wasm has no threads: see shardSeeds for workers): map i
 * is generate({...config, seed: seeds[i]}), byte for byte. A seed with no valid dungeon is a null
 * map with its reason; `onFailure` says what else: 'warn' (the default: a warning naming how many
 * and the first reason), 'raise' (an Error "seed N: why" for the first, every map freed) or
 * 'ignore'.
 */
export function generateMany(seeds, config = {}, { onFailure = 'warn' } = {}) {
  if (!['warn', 'raise', 'ignore'].includes(onFailure))
    fail(`onFailure = ${JSON.stringify(onFailure)} (expected 'warn', 'raise' or 'ignore')`);
  if (seeds === null || typeof seeds !== 'object' || typeof seeds[Symbol.iterator] !== 'function')
    fail(`seeds = ${JSON.stringify(seeds)} (expected an array of seeds)`);
  const texts = Array.from(seeds, (seed, i) => seedText(seed, `seeds[${i}]`));
  if (isObject(config) && config.time_limit_ms !== undefined)
    fail(`time_limit_ms = ${JSON.stringify(config.time_limit_ms)} (expected none in generateMany: generate() takes a time limit)`);
  const [text, tilesets] = configText(config);
  const out = wasm.generateMany(text, tilesets, `[${texts.join(',')}]`);
  if (!Array.isArray(out)) fail(withPackageKeys(out.error));
  const maps = out.map((m) => (typeof m === 'string' ? null : new CatacombMap(m)));
  const levels = new Levels(texts, maps, out.map((m) => (typeof m === 'string' ? m : '')));
  const first = levels.reasons.findIndex((r) => r);
  if (first >= 0 && onFailure === 'raise') {
    levels.dispose();
    fail(`seed ${texts[first]}: ${levels.reasons[first]}`);
  }
  if (onFailure === 'warn') warnFailures(levels);
  return levels;
}

/**
 * Shard `shard` of `shards` (1 <= shard <= shards <= 1000000) of `seeds` (an array, or any
 * iterable): a contiguous block, the library's shard_range, so shards 1..shards in order hold
 * every seed exactly once, in order (the CLI's `catacomb batch --shard K/N` splits the same way).
 * generateMany of each shard, put together in shard order, is generateMany of every seed: run
 * shards in Node worker_threads, other processes or machines (docs/browser.md).
 */
export function shardSeeds(seeds, shard, shards) {
  if (seeds === null || typeof seeds !== 'object' || typeof seeds[Symbol.iterator] !== 'function')
    fail(`seeds = ${JSON.stringify(seeds)} (expected an array of seeds)`);
  const all = Array.isArray(seeds) ? seeds : Array.from(seeds);
  const [first, count] = unwrap(wasm.shardRange(all.length, integer(shard, 'shard'), integer(shards, 'shards')));
  return all.slice(first, first + count);
}

/**
 * Many exact shortest-path queries on one map, the library's Navigator: built once (landmark
 * tables over the map with every door open), then each findPath is an A* steered by them, far
 * cheaper than path() on a large map. Its doors are the map's locked doors and gates, set as a
 * player in `state` finds them (path()'s state; default none held, every switch off): a locked
 * door open when opened or a key of its lock is held, a gate by its switch. A held consumable key
 * opens every door of its lock (routes that ration consumable keys are path()'s). The rules are
 * the map's (path()'s), with `neighbors` (4 or 8) and `diagonal` ('never', 'no-corner-cut',
 * 'one-free', 'always') in their place when given. Built on a copy of the map: later edits of
 * the map are not seen. An Error for a map with one-way or secret doors (their steps are
 * path()'s). dispose() frees it.
 */
export class Navigator {
  #handle;
  #map;

  constructor(map, { state = {}, neighbors, diagonal } = {}) {
    if (neighbors !== undefined && neighbors !== 4 && neighbors !== 8)
      fail(`neighbors = ${JSON.stringify(neighbors)} (expected 4 or 8)`);
    if (diagonal !== undefined && typeof diagonal !== 'string')
      fail(`diagonal = ${JSON.stringify(diagonal)} (expected never, no-corner-cut, one-free or always)`);
    this.#map = map;
    this.#handle = unwrap(CatacombMap.handle(map).navigator(...stateParts(map, state), neighbors ?? 0, diagonal ?? ''));
    if (finalizer) finalizer.register(this, this.#handle, this);
  }

  get #live() {
    if (!this.#handle) fail('navigator = disposed (expected a navigator not yet disposed)');
    return this.#handle;
  }

  /** Columns. */
  get width() { return this.#live.width(); }
  /** Rows. */
  get height() { return this.#live.height(); }
  /** True once dispose() has run. */
  get disposed() { return !this.#handle; }

  /**
   * The cheapest route from `from` to `to`, doors as they stand: what path() returns ({status,
   * path, cost, expanded, doorsOpened}), at path()'s cost for the same state (the route may
   * differ between equal-cost ones); doorsOpened: the locked doors on it the state had not opened.
   */
  findPath(from, to) {
    const [fx, fy] = cell(from, 'from');
    const [tx, ty] = cell(to, 'to');
    return unwrap(this.#live.findPath(integer(fx, 'from.x'), integer(fy, 'from.y'), integer(tx, 'to.x'),
                                      integer(ty, 'to.y')));
  }

  /** Sets every locked door and gate as a player in `state` (path()'s) finds them; no table rebuilt. */
  setState(state = {}) {
    unwrap(this.#live.setState(...stateParts(this.#map, state)));
    return this;
  }

  /** Opens or closes the locked door or gate at `at`, whatever the state. */
  setDoor(at, open) {
    const [x, y] = cell(at, 'at');
    if (typeof open !== 'boolean') fail(`open = ${JSON.stringify(open)} (expected true or false)`);
    unwrap(this.#live.setDoor(integer(x, 'at.x'), integer(y, 'at.y'), open));
    return this;
  }

  /** True when the locked door or gate at `at` is open now. */
  doorOpen(at) {
    const [x, y] = cell(at, 'at');
    return unwrap(this.#live.doorOpen(integer(x, 'at.x'), integer(y, 'at.y')));
  }

  /**
   * What it holds: {engine ("astar", or "jps" on a map without doors), landmarks, bytesPerCell
   * (kept), scratchBytesPerCell (per-query scratch), doors}.
   */
  stats() { return this.#live.stats(); }

  /** Frees the navigator's memory; it cannot be used afterwards. Safe to call twice. */
  dispose() {
    if (!this.#handle) return;
    if (finalizer) finalizer.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }
}

/** Bytes of the wasm heap allocated now (malloc's count): for leak checks. */
export function heapInUse() { return wasm.heapInUse(); }

/** Bytes of the wasm memory (it only grows). */
export function memoryBytes() { return wasm.HEAPU8.buffer.byteLength; }
