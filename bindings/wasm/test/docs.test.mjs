// The JavaScript examples of docs/browser.md and of the package's README, run as written (node
// --test): each ```js block is one ES module, its `from 'catacomb-wasm'` pointed at the built
// package, run by Node in the repository's root (the examples read examples/ from there). An
// example that throws fails the test, so the docs cannot drift from the API.
//   CATACOMB_WASM_PACKAGE  the built package's index.js (default build/wasm/package/index.js)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const index = resolve(process.env.CATACOMB_WASM_PACKAGE ?? join(root, 'build/wasm/package/index.js'));
const work = mkdtempSync(join(tmpdir(), 'catacomb-wasm-docs-'));

// The ```js blocks of a Markdown file: [{line, code}].
function jsBlocks(file) {
  const blocks = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; ++i) {
    if (!/^```(js|javascript|mjs)\s*$/.test(lines[i])) continue;
    const start = i + 1;
    while (++i < lines.length && !/^```\s*$/.test(lines[i]));
    blocks.push({ line: start + 1, code: lines.slice(start, i).join('\n') });
  }
  return blocks;
}

for (const doc of ['docs/browser.md', 'bindings/wasm/package/README.md']) {
  const blocks = jsBlocks(join(root, doc));
  test(`${doc}: its JavaScript examples run as written`, () => {
    assert.ok(blocks.length > 0, `${doc} has no js block`);
    for (const { line, code } of blocks) {
      assert.match(code, /from 'catacomb-wasm'/, `${doc}:${line}: the example imports the package by its name`);
      const file = join(work, `${doc.replaceAll('/', '_')}-${line}.mjs`);
      writeFileSync(file, code.replaceAll("from 'catacomb-wasm'", `from ${JSON.stringify(pathToFileURL(index).href)}`));
      const run = spawnSync(process.execPath, [file], { cwd: root, encoding: 'utf8' });
      assert.equal(run.status, 0, `${doc}:${line}: the example fails:\n${run.stderr}`);
    }
  });
}
