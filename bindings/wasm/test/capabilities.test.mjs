// docs/capabilities.md's wasm column, looked up on the live package (issue #49): every function,
// member and config key it gives exists, so the table cannot claim what the package lacks.
// scripts/check-capabilities.py checks the other columns and the holes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const pkg = await import(pathToFileURL(process.env.CATACOMB_WASM_PACKAGE ?? join(root, 'build/wasm/package/index.js')));
const dts = readFileSync(join(root, 'bindings/wasm/package/index.d.ts'), 'utf8');

function wasmCells() {
  const cells = [];
  let header = null;
  for (const line of readFileSync(join(root, 'docs/capabilities.md'), 'utf8').split('\n')) {
    if (!line.startsWith('|')) { header = null; continue; }
    const row = line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
    if (header === null) { header = row.includes('wasm') ? row : null; continue; }
    if (/^[-: ]+$/.test(row[0])) continue;
    cells.push([row[0], row[header.indexOf('wasm')]]);
  }
  return cells;
}

test('every wasm name in the capability table exists in the package', () => {
  const map = pkg.generate({ width: 40, height: 30, seed: 3 });
  try {
    const cells = wasmCells();
    assert.ok(cells.length >= 30, `only ${cells.length} rows read`);
    let checked = 0;
    for (const [capability, cell] of cells) {
      for (const [, name] of cell.matchAll(/`([^`]+)`/g)) {
        checked++;
        if (name.endsWith(':')) {
          const key = name.slice(0, -1);
          assert.match(dts, new RegExp(`^\\s*${key}\\??:`, 'm'), `${capability}: ${key} is not a key of GenerateConfig`);
          continue;
        }
        const [owner, member] = name.includes('.') ? name.split('.') : [null, name];
        if (owner === 'CatacombMap') {
          assert.ok(member in map, `${capability}: CatacombMap has no ${member}`);
        } else if (owner !== null) {
          const cls = pkg[owner];
          assert.equal(typeof cls, 'function', `${capability}: the package exports no class ${owner}`);
          assert.ok(member in cls.prototype || member in cls, `${capability}: ${owner} has no ${member}`);
        } else if (/^[A-Z]/.test(name)) {
          assert.match(dts, new RegExp(`export (declare )?(interface|class|type|const) ${name}\\b`), `${capability}: no type ${name}`);
        } else {
          assert.equal(typeof pkg[name], 'function', `${capability}: the package exports no function ${name}`);
        }
      }
    }
    assert.ok(checked >= 30, `only ${checked} names checked`);
  } finally {
    map.dispose();
  }
});
