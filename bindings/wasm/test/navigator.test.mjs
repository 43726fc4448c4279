// The package's Navigator (#49): many exact queries on one map, at path()'s cost for the same
// player state on random queries, and at the native `catacomb path`'s under other moves; its doors
// set by state or one by one; dispose() frees it.
//   CATACOMB_WASM_PACKAGE  the built package's index.js (default build/wasm/package/index.js)
//   CATACOMB_CLI           the native CLI to compare with (default build/release/catacomb)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const pkg = await import(pathToFileURL(process.env.CATACOMB_WASM_PACKAGE ?? join(root, 'build/wasm/package/index.js')));
const { Navigator, PlayerState, generate, path } = pkg;
const cli = process.env.CATACOMB_CLI ?? join(root, 'build/release/catacomb');
const work = mkdtempSync(join(tmpdir(), 'catacomb-wasm-nav-'));

// A small deterministic generator of query cells (xorshift32).
function cells(map, seed) {
  let s = seed >>> 0 || 1;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  const tiles = map.tiles;
  const open = [];
  for (let i = 0; i < tiles.length; ++i) if (tiles[i] !== 0) open.push([i % map.width, Math.floor(i / map.width)]);
  // Mostly passable cells, now and then any cell (a wall: a blocked status).
  return () => (next() % 10 === 0 ? [next() % map.width, next() % map.height] : open[next() % open.length]);
}

// The route is a walk of single moves from `from` to `to` through the doors the state may pass.
function assertWalk(r, from, to, what) {
  if (r.status !== 'found') return;
  assert.deepEqual(r.path[0], from, what);
  assert.deepEqual(r.path.at(-1), to, what);
  for (let i = 1; i < r.path.length; ++i) {
    const [dx, dy] = [Math.abs(r.path[i][0] - r.path[i - 1][0]), Math.abs(r.path[i][1] - r.path[i - 1][1])];
    assert.ok(dx <= 1 && dy <= 1 && dx + dy > 0, `${what}: step ${i}`);
  }
  for (const d of r.doorsOpened) assert.ok(r.path.some(([x, y]) => x === d[0] && y === d[1]), `${what}: door ${d} on the route`);
}

test('findPath costs what path() costs for the same state, on many random queries', () => {
  let queries = 0;
  for (const [i, config] of [{ locks: 3 }, { locks: 2, switches: 2 }, { generator: 'caves', locks: 2 },
                             { water: 0.2, vegetation: 0.2, locks: 1 }].entries()) {
    const map = generate({ seed: 5 + i, width: 56, height: 40, ...config });
    const states = [{}, { keys: 'all' }, { keys: [1] }, { switches: [1, 2] }, PlayerState.allKeys(map).setSwitch(1)];
    for (const [j, state] of states.entries()) {
      const nav = new Navigator(map, { state });
      const pick = cells(map, 97 * i + j);
      for (let q = 0; q < 60; ++q, ++queries) {
        const from = pick(), to = pick();
        const what = `config ${i} state ${j}: ${from} -> ${to}`;
        const want = path(map, from, to, state);
        const got = nav.findPath(from, to);
        assert.equal(got.status, want.status, what);
        if (want.status === 'found') assert.ok(Math.abs(got.cost - want.cost) < 1e-9, `${what}: ${got.cost} vs ${want.cost}`);
        assertWalk(got, from, to, what);
      }
      nav.dispose();
    }
    map.dispose();
  }
  assert.ok(queries >= 1000);
});

test('findPath under other moves costs what the native `catacomb path` finds under them', () => {
  const map = generate({ seed: 12, width: 48, height: 32, locks: 2 });
  const file = join(work, 'nav.json');
  writeFileSync(file, map.toJSON());
  const pick = cells(map, 4242);
  const cases = [[{ neighbors: 4 }, ['--neighbors', '4']], [{ diagonal: 'always' }, ['--diagonal', 'always']],
                 [{}, []]];
  for (const [moves, flags] of cases) {
    for (const [keys, state] of [['1', { keys: [1] }], ['1,2', { keys: [1, 2] }]]) {
      const nav = new Navigator(map, { state, ...moves });
      for (let q = 0; q < 8; ++q) {
        const from = pick(), to = pick();
        let want;
        try {
          want = JSON.parse(execFileSync(cli, ['path', file, '--from', from.join(','), '--to', to.join(','), '--keys', keys,
                                               '--json', ...flags], { encoding: 'utf8' }));
        } catch (e) {
          want = JSON.parse(e.stdout);  // exit 1: no route, still the JSON answer
        }
        const got = nav.findPath(from, to);
        const what = `${JSON.stringify(moves)} keys ${keys}: ${from} -> ${to}`;
        assert.equal(got.status, want.status, what);
        if (want.found) assert.ok(Math.abs(got.cost - want.cost) < 1e-9, `${what}: ${got.cost} vs ${want.cost}`);
        assertWalk(got, from, to, what);
        if (moves.neighbors === 4)
          for (let i = 1; i < got.path.length; ++i)
            assert.equal(Math.abs(got.path[i][0] - got.path[i - 1][0]) + Math.abs(got.path[i][1] - got.path[i - 1][1]), 1);
      }
      nav.dispose();
    }
  }
  map.dispose();
});

test('setState and setDoor set the doors as a new navigator for that state has them', () => {
  const map = generate({ seed: 3, width: 48, height: 32, locks: 2 });
  const start = map.objectives.find((o) => o.kind === 'start');
  const exit = map.objectives.find((o) => o.kind === 'exit');
  const door = map.doors().find((d) => d.lock);
  const nav = new Navigator(map);
  assert.equal(nav.doorOpen(door), false);
  assert.equal(nav.findPath(start, exit).status, path(map, start, exit).status);
  const all = new Navigator(map, { state: { keys: 'all' } });
  assert.deepEqual(nav.setState({ keys: 'all' }).findPath(start, exit), all.findPath(start, exit));
  assert.equal(nav.doorOpen([door.x, door.y]), true);
  assert.equal(nav.setDoor(door, false).doorOpen(door), false);
  assert.equal(nav.setDoor(door, true).doorOpen(door), true);
  assert.deepEqual([nav.width, nav.height], [48, 32]);
  assert.equal(nav.stats().doors, map.doors().filter((d) => d.lock || d.gate).length);
  assert.ok(nav.stats().bytesPerCell > 0);
  assert.equal(nav.stats().engine, 'astar');
  assert.throws(() => nav.setDoor(start, true), { message: /^door = \d+,\d+ \(expected a door the navigator was built with\)/ });
  assert.throws(() => nav.setDoor(door, 1), { message: 'open = 1 (expected true or false)' });
  assert.throws(() => nav.findPath([99, 0], exit), { message: 'from = 99,0 (expected a cell of the 48x32 map)' });
  assert.throws(() => nav.setState({ keys: [12] }), { message: /^keys\[0\] = 12 \(expected a lock id 1 to 9\)/ });
  all.dispose();
  nav.dispose();
  map.dispose();
});

test('bad options and maps are named; dispose() frees it, and it keeps its own copy of the map', () => {
  const map = generate({ seed: 4, width: 40, height: 30, locks: 1 });
  assert.throws(() => new Navigator(map, { neighbors: 6 }), { message: 'neighbors = 6 (expected 4 or 8)' });
  assert.throws(() => new Navigator(map, { diagonal: 'sometimes' }), { message: /^diagonal = sometimes \(expected / });
  assert.throws(() => new Navigator({}), { message: /expected a CatacombMap/ });
  assert.throws(() => new Navigator(map, { state: { key: [1] } }), { message: /^state key "key"/ });
  const oneWay = generate({ seed: 4, width: 48, height: 32, one_way: 1 });
  assert.throws(() => new Navigator(oneWay), /one-way/);
  oneWay.dispose();
  const before = pkg.heapInUse();
  const nav = new Navigator(map);
  const start = map.objectives.find((o) => o.kind === 'start');
  const exit = map.objectives.find((o) => o.kind === 'exit');
  const route = nav.findPath(start, exit);
  map.dispose();  // the navigator keeps its copy
  assert.deepEqual(nav.findPath(start, exit), route);
  nav.dispose();
  assert.equal(nav.disposed, true);
  assert.throws(() => nav.findPath(start, exit), { message: /^navigator = disposed/ });
  assert.throws(() => nav.width, { message: /^navigator = disposed/ });
  nav.dispose();  // twice is harmless
  assert.ok(pkg.heapInUse() <= before, `${pkg.heapInUse() - before} bytes kept after dispose`);
});
