// The package's PlayerState (#49): a player's keys, switches and opened doors kept in step with
// play, under the consumable key rule too; path() takes it as its state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const pkg = await import(pathToFileURL(process.env.CATACOMB_WASM_PACKAGE ?? join(root, 'build/wasm/package/index.js')));
const { PlayerState, path, generate } = pkg;

test('a player plays a consumable-key map through: keys picked up, spent at their doors, the exit reached', () => {
  let played = 0;
  for (let seed = 1; seed <= 30 && played < 5; ++seed) {
    const map = generate({ seed, width: 48, height: 32, locks: 2, key_rule: 'consumable' });
    try {
      const report = pkg.validate(map);
      if (!report.solution?.completable) continue;
      const s = new PlayerState();
      let at = map.objectives.find((o) => o.kind === 'start');
      at = [at.x, at.y];
      for (const step of report.solution.walkthrough) {
        const route = path(map, at, step.at, s);
        assert.equal(route.status, 'found', `seed ${seed}: ${step.action} at ${step.at} unreachable for the state`);
        const before = JSON.stringify(s);
        s.walk(map, route);
        if (route.doorsOpened.length === 0) assert.equal(JSON.stringify(s), before);
        for (const d of route.doorsOpened) assert.ok(s.isOpened(d));
        if (step.action === 'take-key') s.pickUp(map, step.at);
        at = step.at;
      }
      for (const lock of Object.keys(s.keys)) assert.ok(s.keyCount(Number(lock)) >= 0);
      ++played;
    } finally {
      map.dispose();
    }
  }
  assert.ok(played >= 3, `only ${played} maps played`);
});

test('a state that cannot pay for a door changes nothing, and bad values are named', () => {
  const s = new PlayerState({ keys: [1, 1, 2], switches: [3] });
  assert.deepEqual(s.keys, { 1: 2, 2: 1 });
  s.spendKey(1).toggle(3).setSwitch(5).openDoor([4, 2]);
  assert.deepEqual(s.keys, { 1: 1, 2: 1 });
  assert.deepEqual(s.switches, [5]);
  assert.ok(s.isOpened({ x: 4, y: 2 }));
  assert.throws(() => s.spendKey(7), /lock = 7 \(expected the lock of a key held\)/);
  assert.throws(() => s.setSwitch(10), /switch = 10 \(expected a switch id 1 to 9\)/);
  assert.throws(() => s.addKey(0), /expected a lock id 1 to 9/);
  assert.throws(() => new PlayerState({ keys: 'all' }), /PlayerState.allKeys/);
  for (let seed = 1; seed <= 30; ++seed) {
    const map = generate({ seed, width: 48, height: 32, locks: 1, key_rule: 'consumable' });
    try {
      const door = map.doors().find((d) => d.lock);
      if (!door) continue;
      const broke = new PlayerState();
      const before = JSON.stringify(broke);
      assert.throws(() => broke.walk(map, { doorsOpened: [[door.x, door.y]] }), /expected a key of lock/);
      assert.equal(JSON.stringify(broke), before);
      const all = PlayerState.allKeys(map);
      assert.ok(all.keyCount(door.lock) >= 1);
      return;
    } finally {
      map.dispose();
    }
  }
  assert.fail('no map with a locked door');
});
