// scripts/cross-check.sh's wasm row: writes <case>.json, .txt, .des, .level and .npz with the npm
// package, for the parameter sets and seeds the script passes, the files the native CLI writes for
//   catacomb generate <flags> --seed S --json <case>.json --txt <case>.txt --des <case>.des
//                     --level-string <case>.level --npz <case>.npz
// Usage: node cross_check.mjs <package index.js> <out dir> <name|flags>... -- <seed>...
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [packagePath, out, ...rest] = process.argv.slice(2);
const pkg = await import(pathToFileURL(resolve(packagePath)));
const split = rest.indexOf('--');
const variants = rest.slice(0, split);
const seeds = rest.slice(split + 1);

// "--room-count 30 --deep-water" -> {room_count: 30, deep_water: true}
function config(flags) {
  const words = flags.split(/\s+/).filter(Boolean);
  const c = {};
  for (let i = 0; i < words.length; ++i) {
    const key = words[i].replace(/^--/, '').replaceAll('-', '_');
    const next = words[i + 1];
    if (next === undefined || next.startsWith('--')) c[key] = true;
    else {
      c[key] = /^-?[0-9.]+$/.test(next) ? Number(next) : next;
      ++i;
    }
  }
  return c;
}

// --mission and --templates name files relative to the out dir (where the native CLI runs each
// case); the package takes their content: the mission's JSON text, the .tmj's text with its
// external tilesets' texts.
function content(c) {
  if (typeof c.mission === 'string') c.mission = readFileSync(resolve(out, c.mission), 'utf8');
  if (typeof c.templates === 'string') {
    const file = resolve(out, c.templates);
    const tmj = readFileSync(file, 'utf8');
    const tilesets = {};
    for (const t of JSON.parse(tmj).tilesets ?? [])
      if (t.source) tilesets[t.source] = readFileSync(join(dirname(file), t.source), 'utf8');
    c.templates = { tmj, tilesets };
  }
  return c;
}

for (const v of variants) {
  const [name, flags] = v.split('|');
  for (const seed of seeds) {
    const map = pkg.generate({ ...content(config(flags)), seed });
    writeFileSync(join(out, `${name}-${seed}.json`), map.toJSON());
    writeFileSync(join(out, `${name}-${seed}.txt`), map.toASCII());
    writeFileSync(join(out, `${name}-${seed}.des`), map.toDes());
    writeFileSync(join(out, `${name}-${seed}.level`), map.toLevelString());
    writeFileSync(join(out, `${name}-${seed}.npz`), map.toNpz());
    map.dispose();
  }
}
