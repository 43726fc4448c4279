// The package's time limit, many seeds at once and a batch split into shards (#49): generate()'s
// time_limit_ms, generateMany (each seed what generate gives it, failures kept with their reason),
// shardSeeds (shards 1..N in order cover the seeds once, in order), and shards run in real Node
// worker_threads, put together, equal to one generateMany of every seed, byte for byte, for any N.
// This file is also the workers' script: in a worker it runs one shard and posts what it made.
//   CATACOMB_WASM_PACKAGE  the built package's index.js (default build/wasm/package/index.js)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const pkg = await import(pathToFileURL(process.env.CATACOMB_WASM_PACKAGE ?? join(root, 'build/wasm/package/index.js')));
const { generate, generateMany, shardSeeds } = pkg;

// Each seed's JSON map, or "failed: <why>", from a generateMany.
function outcomes(levels) {
  return [...levels].map(({ seed, map, reason }) => `${seed} ${map ? map.toJSON() : `failed: ${reason}`}`);
}

if (!isMainThread) {
  // A worker: one shard of the seeds.
  const { seeds, shard, shards, config } = workerData;
  const levels = generateMany(shardSeeds(seeds, shard, shards), config, { onFailure: 'ignore' });
  parentPort.postMessage(outcomes(levels));
  levels.dispose();
} else {
  // Small maps with a lock and one attempt: some seeds fail, so both outcomes show.
  const smallLocked = { width: 32, height: 24, locks: 1, max_attempts: 1 };
  const seeds = Array.from({ length: 14 }, (_, i) => (i + 1) * 7919);

  test('time_limit_ms: a limit that cannot be met fails saying so; a map made within one is the seed\'s own', () => {
    for (const seed of [7, 11]) {
      const plain = generate({ seed, width: 48, height: 32, locks: 2 });
      const timed = generate({ seed, width: 48, height: 32, locks: 2, time_limit_ms: 60000 });
      assert.equal(timed.toJSON(), plain.toJSON());
      plain.dispose();
      timed.dispose();
    }
    // A map too crowded to succeed, with many attempts: 1 ms runs out first.
    const hard = { seed: 3, width: 16, height: 16, room_count: 40, locks: 9, max_attempts: 1000 };
    assert.throws(() => generate({ ...hard, time_limit_ms: 1 }), { message: /^time limit of 1 ms reached: / });
    assert.throws(() => generate({ ...hard, max_attempts: 2 }), (e) => !/time limit/.test(e.message));
    assert.throws(() => generate({ time_limit_ms: -1 }),
                  { message: 'time_limit_ms = -1 (expected 0 (no limit) or more milliseconds)' });
    assert.throws(() => generate({ time_limit_ms: 1.5 }), { message: 'config key "time_limit_ms" = 1.5 (expected an integer)' });
    assert.throws(() => generate({ time_limit_ms: '5' }), { message: 'config key "time_limit_ms" = "5" (expected an integer)' });
    assert.throws(() => generate({ room_cout: 1 }), { message: /^config key "room_cout" \(expected one of .*, mission, time_limit_ms\)$/ });
  });

  test('generateMany gives each seed what generate gives it, and keeps each failure with its reason', () => {
    const levels = generateMany(seeds, smallLocked, { onFailure: 'ignore' });
    try {
      assert.equal(levels.length, seeds.length);
      assert.deepEqual(levels.seeds, seeds.map(String));
      let failed = 0;
      seeds.forEach((seed, i) => {
        let alone;
        try {
          const map = generate({ ...smallLocked, seed });
          alone = map.toJSON();
          map.dispose();
        } catch (e) {
          alone = `failed: ${e.message}`;
          ++failed;
        }
        assert.equal(levels.maps[i] ? levels.maps[i].toJSON() : `failed: ${levels.reasons[i]}`, alone, `seed ${seed}`);
        assert.equal(levels.ok[i], !alone.startsWith('failed'));
        assert.equal(levels.status[i], levels.ok[i] ? 'ok' : 'failed');
      });
      assert.ok(failed > 0 && failed < seeds.length, `${failed} of ${seeds.length} failed: the test sees both outcomes`);
      assert.equal(Object.keys(levels.failures).length, failed);
      for (const [i, why] of Object.entries(levels.failures)) assert.equal(why, levels.reasons[i]);
    } finally {
      levels.dispose();
    }
    // Seeds past 2^53, as BigInt or decimal text; the same map either way.
    const big = generateMany([18446744073709551615n, '18446744073709551615', 0], { width: 40, height: 30 });
    assert.deepEqual(big.seeds, ['18446744073709551615', '18446744073709551615', '0']);
    assert.equal(big.maps[0].toJSON(), big.maps[1].toJSON());
    assert.equal(big.maps[0].seed, '18446744073709551615');
    big.dispose();
    assert.equal(generateMany([], smallLocked).length, 0);
  });

  test('generateMany: onFailure raise and warn, bad seeds and keys named, every map freed', async () => {
    const before = pkg.heapInUse();
    assert.throws(() => generateMany(seeds, smallLocked, { onFailure: 'raise' }), { message: /^seed \d+: / });
    assert.equal(pkg.heapInUse(), before, 'raise frees the maps it made');
    const warned = new Promise((done) => process.once('warning', done));
    generateMany(seeds, smallLocked).dispose();
    const warning = await warned;
    assert.equal(warning.name, 'GenerationWarning');
    assert.match(warning.message, /^\d+ of 14 seeds have no valid dungeon \(seed \d+: /);
    assert.equal(pkg.heapInUse(), before, 'dispose frees every map');
    assert.throws(() => generateMany([1, -1]), { message: /^seeds\[1\] = -1 \(expected an integer from 0 to 2\^64-1/ });
    assert.throws(() => generateMany(['18446744073709551616']), { message: /^seeds\[0\] = "18446744073709551616"/ });
    assert.throws(() => generateMany(5), { message: /^seeds = 5 \(expected an array of seeds\)/ });
    assert.throws(() => generateMany([1], {}, { onFailure: 'loud' }), { message: /^onFailure = "loud"/ });
    assert.throws(() => generateMany([1], { time_limit_ms: 5 }), { message: /^time_limit_ms = 5 \(expected none in generateMany/ });
    assert.throws(() => generateMany([1], { width: 3 }), { message: /^width = 3/ });
    assert.throws(() => generateMany([1], { room_cout: 3 }), { message: /expected one of .*, time_limit_ms\)$/ });
  });

  test('shardSeeds: shards 1..N in order hold every seed once, in order, their sizes within one', () => {
    const all = Array.from({ length: 23 }, (_, i) => 1000 + i * i);
    for (const total of [0, 1, 7, 23]) {
      const some = all.slice(0, total);
      for (const n of [1, 2, 3, 5, 7, 23, 40]) {
        const parts = Array.from({ length: n }, (_, k) => shardSeeds(some, k + 1, n));
        assert.deepEqual(parts.flat(), some, `${n} shards of ${total}`);
        const sizes = parts.map((p) => p.length);
        assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `${n} shards of ${total}: ${sizes}`);
      }
    }
    // The CLI's split: 10 seeds in 3 shards are 3, 3 and 4; any iterable is taken.
    assert.deepEqual([1, 2, 3].map((k) => shardSeeds(new Set(all.slice(0, 10)), k, 3).length), [3, 3, 4]);
    assert.throws(() => shardSeeds([1, 2], 3, 2), { message: 'shard = 3/2 (expected K/N with 1 <= K <= N <= 1000000, e.g. 1/4)' });
    assert.throws(() => shardSeeds([1, 2], 1, 1000001), { message: /^shard = 1\/1000001/ });
    assert.throws(() => shardSeeds([1, 2], 1.5, 2), { message: 'shard = 1.5 (expected an integer)' });
    assert.throws(() => shardSeeds(7, 1, 2), { message: /^seeds = 7/ });
  });

  // Runs shards 1..n of `seeds` in n real workers at once; their outcomes in shard order.
  async function inWorkers(n, config) {
    const parts = await Promise.all(Array.from({ length: n }, (_, k) => new Promise((done, failed) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { seeds, shard: k + 1, shards: n, config } });
      worker.once('message', done);
      worker.once('error', failed);
      worker.once('exit', (code) => failed(new Error(`shard ${k + 1}/${n}: worker exited ${code} before its answer`)));
    })));
    return parts.flat();
  }

  test('shards run in worker_threads, put together, are one generateMany of every seed, for any N', async () => {
    const one = generateMany(seeds, smallLocked, { onFailure: 'ignore' });
    const want = outcomes(one);
    one.dispose();
    assert.ok(want.some((o) => o.includes('failed: ')) && want.some((o) => !o.includes('failed: ')));
    for (const n of [1, 3, 5]) assert.deepEqual(await inWorkers(n, smallLocked), want, `${n} workers`);
  });
}
