// The wasm playground (build/wasm/playground/index.html) as a designer uses it, in Debian's
// Chromium driven by puppeteer-core, with real clicks, drags and keys: opened from file:// and
// from a static server; seed 7 at 64x48 generated and compared with the native CLI's JSON; a
// wall painted around the exit -> data-valid="false" with the exit named; undo -> "true"; the
// exports (JSON, ASCII, .tmj) checked with the native `catacomb validate`; the URL reloaded ->
// the same map; locks, switches, the key rule, one-way and secret doors typed into the form ->
// the native CLI's map, its doors drawn, and a walkthrough naming each key and door by its lock
// ("take key 2" is lock 2's key) as the native report's steps say; then the re-validation time of 20 strokes on a 128x128 map, printed (measured,
// not a pass/fail threshold: CI machines vary).
//
//   node playground.test.mjs --page build/wasm/playground/index.html --catacomb PATH --work DIR
//                            [--screenshot PNG]
//
// Exits 0 when every check passes, 1 with the failed checks listed. Run by ctest (wasm.playground,
// through bindings/wasm/test/ctest.sh) next to tests/browser's puppeteer-core.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const pageFile = arg('--page');
const catacomb = arg('--catacomb');
const work = arg('--work');
const screenshot = arg('--screenshot', '');
const chromium = process.env.CATACOMB_CHROMIUM || '/usr/bin/chromium';
if (!pageFile || !catacomb || !work) {
  console.error('usage: node playground.test.mjs --page INDEX.HTML --catacomb PATH --work DIR [--screenshot PNG]');
  process.exit(2);
}
if (!fs.existsSync(pageFile)) {
  console.error(`${pageFile} is missing: scripts/build-wasm.sh builds it`);
  process.exit(1);
}
let puppeteer;
try {
  puppeteer = (await import('puppeteer-core')).default;
} catch (e) {
  console.error(`puppeteer-core is not installed next to ${import.meta.url}: run "npm ci" there (ctest's browser.npm_ci does). ${e.message}`);
  process.exit(1);
}

const failures = [];
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}
function same(got, want, what) {
  const ok = JSON.stringify(got) === JSON.stringify(want);
  check(ok, ok ? what : `${what}: got ${JSON.stringify(got).slice(0, 300)}, want ${JSON.stringify(want).slice(0, 300)}`);
}

fs.rmSync(work, { recursive: true, force: true });
const downloads = path.join(work, 'downloads');
fs.mkdirSync(downloads, { recursive: true });
// Runs the native CLI in the work folder: {status, stdout}.
function native(...args) {
  try {
    return { status: 0, stdout: execFileSync(catacomb, args, { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    return { status: e.status, stdout: e.stdout };
  }
}

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  userDataDir: path.join(work, 'profile'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run', '--disable-quic'],
  defaultViewport: { width: 1360, height: 900 },
});
const server = http.createServer((req, res) => {
  if (req.url === '/' || req.url.startsWith('/index.html')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(fs.readFileSync(pageFile));
  } else {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

try {
  const page = await browser.newPage();
  const errors = [];
  const requests = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Every request but the page itself (file:// or the static server's /) and the exports' blobs.
  page.on('request', (r) => {
    const u = r.url();
    if (!/^(file:|blob:|data:)/.test(u) && !/^http:\/\/127\.0\.0\.1:[0-9]+\/(#.*)?$/.test(u)) requests.push(u);
  });
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });

  const ready = () => page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  // Opens a URL of the static server with a fresh load (a goto that changes only the hash would not).
  async function open(url, width, height) {
    await page.goto('about:blank');
    await page.goto(url, { waitUntil: 'load' });
    await ready();
    await page.waitForFunction((w, h) => playground.state.map && playground.state.map.width === w && playground.state.map.height === h,
                               { timeout: 60000 }, width, height);
  }
  const valid = () => page.$eval('[data-validation]', (e) => e.getAttribute('data-valid'));
  const mapJSON = () => page.evaluate(() => playground.state.map.toJSON());
  async function download(button, name) {
    for (const f of fs.readdirSync(downloads)) fs.rmSync(path.join(downloads, f));
    await page.click(button);
    const file = path.join(downloads, name);
    for (let i = 0; i < 100 && !(fs.existsSync(file) && !fs.readdirSync(downloads).some((f) => f.endsWith('.crdownload'))); ++i)
      await new Promise((r) => setTimeout(r, 50));
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  }
  async function setField(name, value) {
    await page.click(`[name="${name}"]`, { clickCount: 3 });
    await page.keyboard.type(String(value));
  }
  async function generate(generator, seed, width, height) {
    await page.select('[name="generator"]', generator);
    await setField('seed', seed);
    await setField('width', width);
    await setField('height', height);
    await page.click('#generate');
    await page.waitForFunction((w, h) => playground.state.map && playground.state.map.width === w && playground.state.map.height === h,
                               {}, width, height);
  }
  // The page position of a cell's centre.
  async function cellPoint(x, y) {
    const box = await (await page.$('canvas#map')).boundingBox();
    const s = await page.evaluate(() => playground.state.scale);
    return [box.x + (x + 0.5) * s, box.y + (y + 0.5) * s];
  }
  async function stroke(cells) {
    const [x0, y0] = await cellPoint(...cells[0]);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (const c of cells.slice(1)) await page.mouse.move(...(await cellPoint(...c)), { steps: 2 });
    await page.mouse.up();
  }

  // --- file:// -------------------------------------------------------------------------------------
  const fileURL = pathToFileURL(path.resolve(pageFile)).href;
  await page.goto(fileURL, { waitUntil: 'load' });
  await ready();
  check(await page.$('canvas#map') !== null, 'file://: the page loads and draws on canvas#map');
  for (const field of ['generator', 'seed', 'width', 'height', 'locks', 'key_rule', 'lock_layout', 'switches', 'one_way',
                       'secret_doors'])
    check(await page.$(`form [name="${field}"]`) !== null, `the form has a field named ${field}`);
  const tools = await page.$$eval('[data-tool]', (bs) => bs.map((b) => b.dataset.tool));
  same(tools, ['wall', 'floor', 'corridor', 'door', 'water', 'vegetation', 'road', 'ladder', 'platform', 'start', 'exit', 'key',
               'treasure', 'objective'], 'a tool button per terrain, start, exit, keys and objectives');
  const shortcuts = await page.$eval('#shortcuts', (e) => e.textContent);
  check(/Ctrl\+Z/.test(shortcuts) && /paint wall/.test(shortcuts), 'the keyboard shortcuts are listed on the page');

  // Seed 7 at 64x48, as typed into the form: the native CLI's JSON, byte for byte.
  await generate('rooms', 7, 64, 48);
  native('generate', '--seed', '7', '--width', '64', '--height', '48', '--json', 'native.json', '--txt', 'native.txt');
  const want = fs.readFileSync(path.join(work, 'native.json'), 'utf8');
  same(await mapJSON(), want, 'seed 7 at 64x48: the JSON of the native CLI');
  same(await valid(), 'true', 'a generated map is valid: data-valid="true"');
  const exported = await download('#export-json', 'rooms-7.json');
  check(exported !== null && exported.toString() === want, 'Export JSON downloads that JSON');
  const ascii = await download('#export-ascii', 'rooms-7.txt');
  check(ascii !== null && ascii.toString() === fs.readFileSync(path.join(work, 'native.txt'), 'utf8'),
        'Export ASCII downloads the native --txt');

  // A wall around the exit, painted with the mouse in one stroke: invalid, the exit named.
  await page.click('[data-tool="wall"]');
  const exit = await page.evaluate(() => playground.state.map.objectives.findIndex((o) => o.kind === 'exit'));
  const [ex, ey] = await page.evaluate((i) => [playground.state.map.objectives[i].x, playground.state.map.objectives[i].y], exit);
  const lo = (v) => Math.max(0, v - 1);
  const ring = [[lo(ex), lo(ey)], [ex + 1, lo(ey)], [ex + 1, ey + 1], [lo(ex), ey + 1], [lo(ex), lo(ey)]];
  const before = await page.evaluate(() => playground.state.timings.length);
  await stroke(ring);
  same(await valid(), 'false', 'a wall painted around the exit: data-valid="false"');
  const problems = await page.$$eval('[data-validation] li.problem', (ls) => ls.map((l) => l.textContent));
  check(problems.some((p) => /exit/.test(p)), `the exit is named among the problems: ${JSON.stringify(problems)}`);
  const strokeTimes = await page.evaluate((n) => playground.state.timings.slice(n), before);
  same(strokeTimes.length, 1, 'one stroke, one re-validation');
  console.log(`     re-validation after the stroke at 64x48: ${strokeTimes[0].toFixed(2)} ms`);
  const edited = await mapJSON();
  const broken = await download('#export-json', 'rooms-7-edited.json');
  check(broken !== null && broken.toString() === edited, 'Export JSON downloads the edited map');
  const v = native('validate', path.join(downloads, 'rooms-7-edited.json'), '--json');
  check(v.status === 1 && JSON.parse(v.stdout).problems.some((p) => p.objective === exit),
        `native catacomb validate reads the export and finds the exit cut off (exit ${v.status})`);
  for (const f of fs.readdirSync(downloads)) fs.rmSync(path.join(downloads, f));
  await page.click('#export-tmj');
  for (let i = 0; i < 100 && fs.readdirSync(downloads).filter((f) => !f.endsWith('.crdownload')).length < 2; ++i)
    await new Promise((r) => setTimeout(r, 50));
  const tmjCheck = native('validate', path.join(downloads, 'rooms-7-edited.tmj'), '--json');
  check(tmjCheck.status === 1 && JSON.parse(tmjCheck.stdout).problems.some((p) => p.objective === exit),
        `native catacomb validate reads the exported .tmj (exit ${tmjCheck.status})`);

  // The URL holds the edit: a reload gives the same map.
  const url = page.url();
  check(/seed=7/.test(url) && /edits=/.test(url), `the URL holds the seed and the edits: ${url.slice(url.indexOf('#'))}`);
  await page.reload({ waitUntil: 'load' });
  await ready();
  same(await mapJSON(), edited, 'the reloaded URL gives the same edited map');
  same(await valid(), 'false', 'and the same report');

  // Undo (Ctrl+Z) and redo (the button), then undo again.
  await page.click('canvas#map', { offset: { x: 1, y: 1 } });
  const afterClick = await mapJSON();  // a click on the corner paints wall on wall: an edit that changes nothing
  check(afterClick === edited, 'a click on a wall cell leaves the map as it was');
  await page.keyboard.down('Control');
  await page.keyboard.press('z');
  await page.keyboard.up('Control');
  await page.keyboard.down('Control');
  await page.keyboard.press('z');
  await page.keyboard.up('Control');
  same(await valid(), 'true', 'Ctrl+Z undoes the stroke: data-valid="true"');
  same(await mapJSON(), want, 'and the map is seed 7 again, byte for byte');
  await page.click('#redo');
  same(await valid(), 'false', 'Redo paints it again');
  await page.click('#undo');
  same(await valid(), 'true', 'Undo again');

  // Moving the exit with its tool, and a shortcut choosing a tool.
  await page.keyboard.press('5');
  same(await page.$eval('[data-tool="water"]', (b) => b.getAttribute('aria-pressed')), 'true', 'key 5 picks the water tool');
  await page.keyboard.press('e');
  same(await page.$eval('[data-tool="exit"]', (b) => b.getAttribute('aria-pressed')), 'true', 'key e picks the exit tool');
  const startCell = await page.evaluate(() => { const s = playground.state.map.objectives[0]; return [s.x, s.y]; });
  const free = await page.evaluate(([sx, sy]) => {
    const m = playground.state.map, t = m.tiles;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) if (t[(sy + dy) * m.width + sx + dx] !== 0) return [sx + dx, sy + dy];
    return null;
  }, startCell);
  await page.mouse.click(...(await cellPoint(...free)));
  same(await page.evaluate((i) => { const o = playground.state.map.objectives[i]; return [o.x, o.y]; }, exit), free,
       'a click with the exit tool moves the exit there');

  // Locks, switches and the other progression fields, typed and picked in the form.
  async function progression(fields) {
    for (const [name, value] of Object.entries(fields)) {
      if (name === 'key_rule' || name === 'lock_layout') await page.select(`[name="${name}"]`, value);
      else await setField(name, value);
    }
  }
  const walkthroughText = () => page.$$eval('#walkthrough li', (ls) => ls.map((l) => l.textContent));
  // The walkthrough's words for each step of the native report, from its objectives and doors.
  function wantSteps(report, objectives) {
    return report.solution.walkthrough.map((st) => {
      let what;
      if (st.objective === null) what = `open the door of lock ${st.lock}`;
      else {
        const o = objectives[st.objective];
        const name = o.kind === 'key' ? `key ${o.lock}` : o.kind === 'switch' ? `switch ${o.switch}` : o.kind;
        what = `${{ 'take-key': 'take', 'reach-exit': 'reach' }[st.action] ?? st.action} ${name} [${st.objective}]`;
      }
      return `${what} at ${st.at[0]},${st.at[1]}`;
    });
  }
  for (const [what, fields, args] of [
    ['3 locks, 2 switches, consumable keys', { locks: 3, switches: 2, key_rule: 'consumable' },
     ['--locks', '3', '--switches', '2', '--key-rule', 'consumable']],
    ['2 locks in a tree, a one-way and a secret door', { locks: 2, lock_layout: 'tree', switches: 0, key_rule: 'reusable',
                                                         one_way: 1, secret_doors: 1 },
     ['--locks', '2', '--lock-layout', 'tree', '--one-way', '1', '--secret-doors', '1']],
  ]) {
    await progression(fields);
    await generate('rooms', 4, 80, 60);
    native('generate', '--seed', '4', '--width', '80', '--height', '60', ...args, '--json', 'progression.json');
    same(await mapJSON(), fs.readFileSync(path.join(work, 'progression.json'), 'utf8'), `${what}: the native CLI's map`);
    const report = JSON.parse(native('validate', 'progression.json', '--json').stdout);
    const objectives = JSON.parse(fs.readFileSync(path.join(work, 'progression.json'), 'utf8')).objectives;
    const steps = await walkthroughText();
    same(steps.map((t) => t.replace(/: \d+ steps, cost .*$/, '')), wantSteps(report, objectives),
         `${what}: the walkthrough names each key and door by its lock`);
    // "take key L": the objective in brackets is a key of lock L, and a door of lock L is opened after it.
    for (const [i, t] of steps.entries()) {
      const m = /^take key (\d) \[(\d+)\]/.exec(t);
      if (!m) continue;
      same(objectives[Number(m[2])].lock, Number(m[1]), `${what}: "${t}" is lock ${m[1]}'s key`);
    }
    check(steps.some((t) => /^take key \d \[/.test(t)) && steps.some((t) => /^open the door of lock \d/.test(t)),
          `${what}: keys taken and doors opened: ${JSON.stringify(steps.slice(0, 4))}`);
    if (fields.switches) check(steps.some((t) => /^toggle switch \d \[/.test(t)), `${what}: switches toggled`);
    same(await valid(), 'true', `${what}: valid`);
    const hash = page.url().slice(page.url().indexOf('#'));
    check(/locks=/.test(hash), `${what}: the URL holds the progression fields: ${hash}`);
  }
  // A lock's door is drawn in its lock's colour (the PNG preview's).
  const doorPixel = await page.evaluate(() => {
    const d = playground.state.map.doors().find((e) => e.lock);
    const s = playground.state.scale;
    return [d.lock, [...document.querySelector('canvas#map').getContext('2d').getImageData(d.x * s, d.y * s, 1, 1).data]];
  });
  same(doorPixel[1].slice(0, 3), [[0, 200, 255], [255, 80, 160]][doorPixel[0] - 1], 'a locked door drawn in its lock\'s colour');
  await progression({ locks: 0, lock_layout: 'chain', one_way: 0, secret_doors: 0 });

  // --- a static server ---------------------------------------------------------------------------
  const served = `http://127.0.0.1:${server.address().port}/`;
  await open(`${served}#generator=caves&seed=3&width=48&height=32`, 48, 32);
  native('generate', '--generator', 'caves', '--seed', '3', '--width', '48', '--height', '32', '--json', 'caves3.json');
  same(await mapJSON(), fs.readFileSync(path.join(work, 'caves3.json'), 'utf8'),
       'from a static server, a URL with caves seed 3 at 48x32 gives the native map');

  // --- re-validation per stroke at 128x128 ---------------------------------------------------------
  await open(`${served}#generator=caves&seed=7&width=128&height=128`, 128, 128);
  await page.click('[data-tool="wall"]');
  const n0 = await page.evaluate(() => playground.state.timings.length);
  for (let i = 0; i < 20; ++i) {
    const x = 10 + ((i * 37) % 100), y = 10 + ((i * 53) % 100);
    await page.click(`[data-tool="${i % 2 ? 'floor' : 'wall'}"]`);
    await stroke([[x, y], [x + 4, y + 2]]);
  }
  const times = (await page.evaluate((n) => playground.state.timings.slice(n), n0)).sort((a, b) => a - b);
  same(times.length, 20, '20 strokes at 128x128, 20 re-validations');
  const median = times[Math.floor(times.length / 2)];
  console.log(`     re-validation per stroke at 128x128 (caves seed 7), performance.now(): median ${median.toFixed(2)} ms, ` +
              `min ${times[0].toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms (one frame: 16.7 ms)`);
  const gen = await page.evaluate(() => {
    const t = [];
    for (let seed = 1; seed <= 11; ++seed) {
      const t0 = performance.now();
      playground.catacomb.generate({ generator: 'caves', seed, width: 128, height: 128 }).dispose();
      t.push(performance.now() - t0);
    }
    return t.sort((a, b) => a - b)[5];
  });
  console.log(`     generate a 128x128 cave in the page: median of 11 seeds ${gen.toFixed(2)} ms`);

  if (screenshot) {
    await open(`${served}#generator=rooms&seed=7&width=64&height=48`, 64, 48);
    await page.click('[data-tool="wall"]');
    const map = await page.evaluate(() => playground.state.map.objectives.map((o) => [o.kind, o.x, o.y]));
    const [, kx, ky] = map.find(([k]) => k === 'exit');
    await stroke([[kx - 1, ky - 1], [kx + 1, ky - 1], [kx + 1, ky + 1], [kx - 1, ky + 1], [kx - 1, ky - 1]]);
    await page.screenshot({ path: screenshot });
    console.log(`     screenshot: ${screenshot}`);
  }

  same(errors, [], 'no errors on the page');
  same(requests, [], 'no network request but the static page itself');
} finally {
  await browser.close();
  server.close();
}

if (failures.length) {
  console.log(`\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nall checks passed');
