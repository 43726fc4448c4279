// toPNG() and toMovingAI() (#49): the bytes `catacomb generate --png` and `--map` write natively.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const pkg = await import(pathToFileURL(process.env.CATACOMB_WASM_PACKAGE ?? join(root, 'build/wasm/package/index.js')));
const cli = process.env.CATACOMB_CLI ?? join(root, 'build/release/catacomb');
const work = mkdtempSync(join(tmpdir(), 'catacomb-formats-'));

test('the PNG preview and the Moving AI map are the native CLI\'s bytes', () => {
  for (const [seed, extra, flags] of [[3, {}, []], [9, { generator: 'caves', locks: 2, switches: 1 },
    ['--generator', 'caves', '--locks', '2', '--switches', '1']]]) {
    for (const scale of [1, 4]) {
      const map = pkg.generate({ seed, width: 48, height: 32, ...extra });
      try {
        execFileSync(cli, ['generate', '--seed', String(seed), '--width', '48', '--height', '32', ...flags,
          '--png', 'n.png', '--scale', String(scale), '--map', 'n.map'], { cwd: work });
        assert.deepEqual(Buffer.from(map.toPNG(scale)), readFileSync(join(work, 'n.png')), `seed ${seed} scale ${scale}`);
        assert.equal(map.toMovingAI(), readFileSync(join(work, 'n.map'), 'utf8'), `seed ${seed}`);
      } finally {
        map.dispose();
      }
    }
  }
  const map = pkg.generate({ seed: 1 });
  try {
    assert.throws(() => map.toPNG(0), /scale = 0/);
    assert.throws(() => map.toPNG(1.5), /scale = 1.5/);
  } finally {
    map.dispose();
  }
});
