// catacomb-wasm against rot.js in one Node process, and against native catacomb on the same sizes
// (docs/performance.md, "In Node: catacomb-wasm, rot.js, native"). Square maps of 64, 128 and 256:
//   catacomb-wasm  caves and rooms: generate() (which proves the map: the pipeline validates
//                  each attempt), then generate() + validate() (the full report of
//                  `catacomb validate --json`: solver, walkthrough, chokepoints, dead ends)
//   rot.js 2.2.1   Map.Cellular (4-5 rule, 45 %, 5 generations) + connect() of the floor, and
//                  Map.Digger: what bench/js/rot_peer.mjs times for generate_bench; nothing checked
//   native         `catacomb batch --threads 1` on the same configs and seeds: its generate_ms
//                  per seed (generation with the same validation as wasm's generate(), one thread)
// One run per seed (seeds 1..N, after an untimed warm-up pass over seeds 0..N), medians, and ratios
// against rot.js (rot.js time / catacomb time: above 1, catacomb is faster). Prints Markdown.
// The warm-up pass is for both sides' optimised code: V8 runs a wasm function first as baseline
// code (Liftoff) and compiles the optimised code in the background once the function is hot, so
// under a warm-up on seed 0 alone the first `validate()` calls of the process (the 64² row) ran
// largely as baseline code, and functions other seeds reach first did too.
//
//   node bench/js/wasm_bench.mjs [--package build/wasm/package/index.js] [--catacomb build/release/catacomb]
//                                [--runs 64:31,128:21,256:11] [--clock wall|cpu]
// --clock cpu times the process's CPU time (process.cpuUsage) instead of the wall clock: on a
// machine shared with other work a run of a few ms waits for the processor more often than not,
// which the wall clock counts and the CPU time does not (it counts V8's own background threads,
// idle once the code is compiled). Native stays batch's wall-clock generate_ms.
// Needs scripts/build-wasm.sh's package, rot.js (scripts/setup.sh --bench) and a native build.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const pkg = await import(pathToFileURL(resolve(arg('--package', join(root, 'build/wasm/package/index.js')))));
const ROT = await import('rot-js');
const cli = resolve(arg('--catacomb', join(root, 'build/release/catacomb')));
const runs = Object.fromEntries(arg('--runs', '64:31,128:21,256:11').split(',').map((p) => p.split(':').map(Number)));
const sizes = Object.keys(runs).map(Number);
const clock = arg('--clock', 'wall');
if (!['wall', 'cpu'].includes(clock)) throw new Error(`--clock ${clock} (expected wall or cpu)`);
const now = clock === 'cpu' ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Times make(seed) for seeds 1..n after an untimed pass over seeds 0..n; the median in ms.
function time(n, make) {
  let sink = 0;
  for (let seed = 0; seed <= n; ++seed) sink += make(seed);
  const ms = [];
  for (let seed = 1; seed <= n; ++seed) {
    const t0 = now();
    sink += make(seed);
    ms.push(now() - t0);
  }
  if (sink === -1) console.error('unreachable');
  return median(ms);
}

function wasmGenerate(generator, size, validate) {
  return (seed) => {
    const map = pkg.generate({ generator, seed, width: size, height: size });
    const v = validate ? pkg.validate(map).passable_cells : 0;
    map.dispose();
    return v;
  };
}

function rotCellular(size) {
  return (seed) => {
    ROT.RNG.setSeed(seed);
    const map = new ROT.Map.Cellular(size, size, { born: [5, 6, 7, 8], survive: [4, 5, 6, 7, 8], topology: 8 });
    map.randomize(0.45);
    for (let i = 0; i < 4; i++) map.create();
    let floor = 0;
    map.create((x, y, wall) => { floor += wall ? 0 : 1; });
    map.connect((x, y, wall) => { floor += wall ? 0 : 1; }, 0);
    return floor;
  };
}

function rotDigger(size) {
  return (seed) => {
    ROT.RNG.setSeed(seed);
    const map = new ROT.Map.Digger(size, size);
    let floor = 0;
    map.create((x, y, wall) => { floor += wall ? 0 : 1; });
    return floor + map.getRooms().length;
  };
}

// Native: the median of batch's generate_ms over the same seeds (its own clock, one thread).
function native(generator, size, n) {
  const out = mkdtempSync(join(tmpdir(), 'catacomb-wasm-bench-'));
  try {
    execFileSync(cli, ['batch', '--generator', generator, '--width', String(size), '--height', String(size), '--seeds',
                       `1..${n}`, '--threads', '1', '--out', out], { stdio: ['ignore', 'ignore', 'inherit'] });
    const rows = readFileSync(join(out, 'seeds.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    return median(rows.map((r) => r.generate_ms));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const f = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const r = (x) => `${x.toFixed(1)}×`;
const rows = [];
for (const size of sizes) {
  const n = runs[size];
  const t = {
    cavesGen: time(n, wasmGenerate('caves', size, false)),
    cavesVal: time(n, wasmGenerate('caves', size, true)),
    roomsGen: time(n, wasmGenerate('rooms', size, false)),
    roomsVal: time(n, wasmGenerate('rooms', size, true)),
    cellular: time(n, rotCellular(size)),
    digger: time(n, rotDigger(size)),
    nativeCaves: native('caves', size, n),
    nativeRooms: native('rooms', size, n),
  };
  rows.push({ size, n, t });
}

console.log(`Node ${process.version}, catacomb-wasm (${arg('--package', 'build/wasm/package/index.js')}), rot.js 2.2.1, ` +
            `native ${cli}; medians in ms (${clock === 'cpu' ? 'CPU time' : 'wall clock'}) over seeds 1..N\n`);
console.log('| size | N | wasm caves generate | + validate() | rot.js Cellular + connect() | ratio (generate) | ratio (+ validate) |');
console.log('|---|---|---|---|---|---|---|');
for (const { size, n, t } of rows)
  console.log(`| ${size}² | ${n} | ${f(t.cavesGen)} | ${f(t.cavesVal)} | ${f(t.cellular)} | ${r(t.cellular / t.cavesGen)} | ${r(t.cellular / t.cavesVal)} |`);
console.log('\n| size | N | wasm rooms generate | + validate() | rot.js Digger | ratio (generate) | ratio (+ validate) |');
console.log('|---|---|---|---|---|---|---|');
for (const { size, n, t } of rows)
  console.log(`| ${size}² | ${n} | ${f(t.roomsGen)} | ${f(t.roomsVal)} | ${f(t.digger)} | ${r(t.digger / t.roomsGen)} | ${r(t.digger / t.roomsVal)} |`);
console.log('\n| size | wasm caves | native caves | wasm / native | wasm rooms | native rooms | wasm / native |');
console.log('|---|---|---|---|---|---|---|');
for (const { size, t } of rows)
  console.log(`| ${size}² | ${f(t.cavesGen)} | ${f(t.nativeCaves)} | ${r(t.cavesGen / t.nativeCaves)} | ${f(t.roomsGen)} | ` +
              `${f(t.nativeRooms)} | ${r(t.roomsGen / t.nativeRooms)} |`);
