// rot.js, the peer of bench/generate_bench: times ROT.Map.Cellular (the 4-5 rule: born 5-8,
// survive 4-8, 45 % alive at the start, 5 generations, then connect()) or ROT.Map.Digger at one
// size, one run per seed after an untimed warm-up run, and prints one JSON line: {"kind", "size", "ms": [one time per run]}.
//
//   node bench/js/rot_peer.mjs cellular|digger SIZE RUNS
//   node bench/js/rot_peer.mjs cellular-walls SIZE RUNS
//
// cellular-walls calls connect(callback, 1) as the rot.js manual's Cellular example does: with
// the manual's rule the live cells (1) are the floor, but with the 4-5 rule they are the walls, so
// it joins the wall areas, a different job that takes 5 to 30 times longer (rot.js's connect costs
// a scan of every cell per area it joins). It is not generate_bench's peer; it explains timings
// of "Cellular + connect" measured that way.
//
// Run by generate_bench when Node and bench/js/node_modules (npm ci --prefix bench/js) are present.
import { performance } from "node:perf_hooks";
import * as ROT from "rot-js";

const [kind, sizeArg, runsArg] = process.argv.slice(2);
const size = Number.parseInt(sizeArg, 10);
const runs = Number.parseInt(runsArg, 10);
if (!["cellular", "cellular-walls", "digger"].includes(kind) || !(size >= 8 && size <= 4096) || !(runs >= 1 && runs <= 1000)) {
  console.error("usage: node rot_peer.mjs cellular|cellular-walls|digger SIZE(8-4096) RUNS(1-1000)");
  process.exit(2);
}

function cellular(seed, connected = 0) {
  ROT.RNG.setSeed(seed);
  const map = new ROT.Map.Cellular(size, size, { born: [5, 6, 7, 8], survive: [4, 5, 6, 7, 8], topology: 8 });
  map.randomize(0.45);
  for (let i = 0; i < 4; i++) map.create();
  let floor = 0;
  map.create((x, y, wall) => { floor += wall ? 0 : 1; });
  map.connect((x, y, wall) => { floor += wall ? 0 : 1; }, connected);
  return floor;
}

function digger(seed) {
  ROT.RNG.setSeed(seed);
  const map = new ROT.Map.Digger(size, size);
  let floor = 0;
  map.create((x, y, wall) => { floor += wall ? 0 : 1; });
  return floor + map.getRooms().length;
}

const make = kind === "cellular" ? cellular : kind === "cellular-walls" ? (seed) => cellular(seed, 1) : digger;
const ms = [];
let sink = make(0);  // a warm-up run on seed 0, not timed: the JIT compiles on the first one
for (let seed = 1; seed <= runs; seed++) {
  const t0 = performance.now();
  sink += make(seed);
  ms.push(performance.now() - t0);
}
if (sink < 0) console.error("unreachable");
console.log(JSON.stringify({ kind, size, ms }));
