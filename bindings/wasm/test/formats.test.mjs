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

test('the des-file, level string and .npz are the native CLI\'s bytes', () => {
  for (const [seed, extra, flags] of [[1, { locks: 2, switches: 1, one_way: 1, secret_doors: 1 },
    ['--locks', '2', '--switches', '1', '--one-way', '1', '--secret-doors', '1']],
  [9, { generator: 'caves', width: 48, height: 40, locks: 2, switches: 2, one_way: 1, key_rule: 'consumable' },
    ['--generator', 'caves', '--width', '48', '--height', '40', '--locks', '2', '--switches', '2', '--one-way', '1',
      '--key-rule', 'consumable']]]) {
    const map = pkg.generate({ seed, ...extra });
    try {
      execFileSync(cli, ['generate', '--seed', String(seed), ...flags, '--des', 'n.des', '--level-string', 'n.txt',
        '--npz', 'n.npz'], { cwd: work });
      assert.equal(map.toDes(), readFileSync(join(work, 'n.des'), 'utf8'), `seed ${seed}`);
      assert.equal(map.toLevelString(), readFileSync(join(work, 'n.txt'), 'utf8'), `seed ${seed}`);
      const npz = map.toNpz();
      assert.ok(npz instanceof Uint8Array);
      assert.deepEqual(Buffer.from(npz), readFileSync(join(work, 'n.npz')), `seed ${seed}`);
      const changed = map.toLevelString({ start: 'W' });
      assert.equal(changed.split(/\s/).filter((c) => c === 'W').length, 1);
      assert.equal(changed.replace('W', 'A'), map.toLevelString());
      assert.match(map.toDes('level 2'), /^MAZE: "level 2", ' '\n/);
    } finally {
      map.dispose();
    }
  }
  const map = pkg.generate({ seed: 1 });
  try {
    assert.throws(() => map.toLevelString({ keys: '123456789' }), /keys = '123456789' \(expected 9 characters/);
    assert.throws(() => map.toLevelString({ colour: 'r' }), /legend key = 'colour'/);
    assert.throws(() => map.toLevelString('W'), /legend = "W"/);
    assert.throws(() => map.toDes('a "b"'), /name = a "b"/);
  } finally {
    map.dispose();
  }
});
