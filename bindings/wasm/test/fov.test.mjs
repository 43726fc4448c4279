// fov() (#49): the library's field of view in the package. The hashes are the native library's
// (Python's Dungeon.fov on the same maps: python/tests/test_sight.py pins the same), so wasm sees
// exactly the cells native code sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const pkg = await import(pathToFileURL(process.env.CATACOMB_WASM_PACKAGE ?? join(root, 'build/wasm/package/index.js')));

test('fov sees the cells native code sees', () => {
  for (const [seed, locks, radius, hash, count] of [[7, 0, 0, '4a8de442ab80ec97', 82], [7, 0, 6, '519faf6fa68a8371', 60],
    [3, 2, 0, '1e6b447892dce764', 150], [3, 2, 6, 'e22b501e629b4524', 86]]) {
    const map = pkg.generate({ seed, width: 60, height: 40, locks, switches: 1 });
    try {
      const start = map.objectives.find((o) => o.kind === 'start');
      const seen = pkg.fov(map, [start.x, start.y], { radius });
      assert.equal(seen.length, 60 * 40);
      assert.equal(seen.reduce((a, b) => a + b, 0), count, `seed ${seed} radius ${radius}`);
      assert.equal(createHash('sha256').update(seen).digest('hex').slice(0, 16), hash, `seed ${seed} radius ${radius}`);
      assert.equal(seen[start.y * 60 + start.x], 1);
    } finally {
      map.dispose();
    }
  }
});

test('a locked door blocks sight until opened; bad options are named', () => {
  for (let seed = 1; seed <= 30; ++seed) {
    const map = pkg.generate({ seed, width: 60, height: 40, locks: 2 });
    try {
      const door = map.doors().find((d) => d.lock);
      if (!door) continue;
      const tiles = map.tiles;
      const side = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => [door.x + dx, door.y + dy])
        .find(([x, y]) => tiles[y * 60 + x] !== 0);
      const shut = pkg.fov(map, side);
      const open = pkg.fov(map, side, { state: new pkg.PlayerState({ opened: [[door.x, door.y]] }) });
      assert.equal(shut[door.y * 60 + door.x], 1);
      assert.ok(open.reduce((a, b) => a + b, 0) > shut.reduce((a, b) => a + b, 0), `seed ${seed}`);
      const dark = pkg.fov(map, side, { lightWalls: false });
      for (let i = 0; i < dark.length; ++i) if (tiles[i] === 0) assert.equal(dark[i], 0);
      assert.throws(() => pkg.fov(map, [60, 0]), /from/);
      assert.throws(() => pkg.fov(map, side, { radius: -1 }), /radius = -1/);
      assert.throws(() => pkg.fov(map, side, { lightWalls: 'yes' }), /lightWalls/);
      return;
    } finally {
      map.dispose();
    }
  }
  assert.fail('no map with a locked door');
});
