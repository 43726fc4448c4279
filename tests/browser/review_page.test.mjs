// The review page as a designer uses it, in Debian's Chromium driven by puppeteer-core: a real
// batch's index.html opened from the file system, a card's picture clicked, the viewer stepped
// with the arrow keys in the current sort order, seeds picked with `p` and the button, the page
// reloaded, the picks still listed; another batch's page does not see them. Then a merge of two
// batches of the crypt room templates with different themes (and one without a theme): the
// theme buttons clicked, the viewer stepping through one theme's seeds only. Then a batch with locks
// sorted through the menu by each of its progression metrics (branchiness, cycles, the critical
// path's share), the order checked against seeds.jsonl; a batch without locks offers none.
//
//   node review_page.test.mjs --catacomb PATH --work DIR --crypt examples/templates/crypt.tmj [--screenshot PNG]
//
// Exits 0 when every check passes, 1 with the failed checks listed otherwise. Run by ctest
// (tests/CMakeLists.txt) after `npm ci` has installed puppeteer-core next to this file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const catacomb = arg('--catacomb');
const work = arg('--work');
const cryptSet = arg('--crypt');  // examples/templates/crypt.tmj
const screenshot = arg('--screenshot', '');
const chromium = process.env.CATACOMB_CHROMIUM || '/usr/bin/chromium';
if (!catacomb || !work || !cryptSet) {
  console.error('usage: node review_page.test.mjs --catacomb PATH --work DIR --crypt examples/templates/crypt.tmj [--screenshot PNG]');
  process.exit(2);
}

let puppeteer;
try {
  puppeteer = (await import('puppeteer-core')).default;
} catch (e) {
  console.error(`puppeteer-core is not installed next to ${import.meta.url}: run "npm ci" in that directory ` +
                `(ctest's browser.npm_ci set-up does; it needs the npm registry). ${e.message}`);
  process.exit(1);
}
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: run scripts/setup.sh (or set CATACOMB_CHROMIUM)`);
  process.exit(1);
}

const failures = [];
function check(ok, what) {
  if (ok) console.log(`ok   ${what}`);
  else {
    console.log(`FAIL ${what}`);
    failures.push(what);
  }
}
function same(got, want, what) {
  const ok = JSON.stringify(got) === JSON.stringify(want);
  check(ok, ok ? what : `${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
}

fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
function batch(dir, seeds) {
  execFileSync(catacomb, ['batch', '--seeds', seeds, '--width', '60', '--height', '40', '--room-count', '8', '--out',
                          path.join(work, dir), '--html'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return pathToFileURL(path.join(work, dir, 'index.html')).href;
}
const pageUrl = batch('batch', '1..8');
const otherUrl = batch('other', '20..22');
// Three batches of the crypt set (themes crypt and flooded, and none), merged with a review page.
function themed(dir, seeds, theme) {
  execFileSync(catacomb, ['batch', '--templates', cryptSet, '--seeds', seeds, '--width', '60', '--height', '40',
                          '--shard', '1/1', '--out', path.join(work, dir), ...(theme ? ['--theme', theme] : [])],
               { stdio: ['ignore', 'ignore', 'inherit'] });
}
themed('crypt', '1..4', 'crypt');
themed('flooded', '5..9', 'flooded');
themed('plain', '10..11', '');
execFileSync(catacomb, ['batch', '--merge', path.join(work, 'flooded'), path.join(work, 'crypt'), path.join(work, 'plain'),
                        '--out', path.join(work, 'themes'), '--html'], { stdio: ['ignore', 'ignore', 'inherit'] });
const themesUrl = pathToFileURL(path.join(work, 'themes', 'index.html')).href;

// A batch with locks: its cards carry the progression's metrics, which the sort menu offers.
const lockedDir = path.join(work, 'locked');
execFileSync(catacomb, ['batch', '--seeds', '1..10', '--width', '60', '--height', '40', '--room-count', '8', '--locks', '2',
                        '--out', lockedDir, '--html'], { stdio: ['ignore', 'ignore', 'inherit'] });
const lockedUrl = pathToFileURL(path.join(lockedDir, 'index.html')).href;
const progressionKeys = ['branchiness', 'cycles', 'critical_path_share'];

// The seeds of seeds.jsonl's rows sorted by `key` as the page sorts (ties by seed ascending).
function expectedOrder(rows, key, dir) {
  const sign = dir === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * (a[key] - b[key]) || a.seed - b.seed).map((r) => String(r.seed));
}

// Sorts the locked batch's page by each progression key through the menu (ArrowDown from
// chokepoints on the focused menu for the first, then each chosen), each way round with the
// direction button, and checks the order and each card's value against seeds.jsonl; then a link
// with such a sort in its hash; then that a batch without locks offers none of them.
async function checkProgressionSort(browser, errors, plainUrl) {
  const rows = fs.readFileSync(path.join(lockedDir, 'seeds.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(lockedUrl, { waitUntil: 'load' });
  const options = await page.$$eval('#sort-key option', (os) => os.map((o) => o.value));
  same(options.slice(options.indexOf('chokepoints'), options.indexOf('generate_ms')), ['chokepoints', ...progressionKeys],
       'with locks the sort menu offers the three metrics after chokepoints');
  const shown = () => page.$$eval('.card:not([hidden])', (cs) => cs.map((c) => c.getAttribute('data-seed')));
  await page.select('#sort-key', 'chokepoints');
  await page.focus('#sort-key');
  await page.keyboard.press('ArrowDown');
  for (const key of progressionKeys) {
    if (key !== 'branchiness') same(await page.select('#sort-key', key), [key], `the menu has ${key}`);
    same(await page.$eval('#sort-key', (e) => e.value), key, `the menu shows ${key}`);
    const attr = 'data-' + key.replace(/_/g, '-');
    const values = await page.$$eval('.card', (cs, a) => cs.map((c) => [c.getAttribute('data-seed'), c.getAttribute(a)]), attr);
    same(values.map(([s, v]) => [s, Number(v)]).sort((a, b) => a[0] - b[0]), rows.map((r) => [String(r.seed), r[key]]),
         `each card's ${attr} is its row's ${key}`);
    const asc = expectedOrder(rows, key, 'asc'), desc = expectedOrder(rows, key, 'desc');
    check(asc.join() !== rows.map((r) => String(r.seed)).join() && desc.join() !== rows.map((r) => String(r.seed)).join(),
          `the rows' ${key} values are not in seed order either way (a wrong sort would show): ${rows.map((r) => r[key])}`);
    same(await shown(), asc, `sorted by ${key}, ascending, as seeds.jsonl orders the seeds`);
    await page.click('#sort-dir');
    same(await shown(), desc, `sorted by ${key}, descending (ties by seed)`);
    same(await page.evaluate(() => location.hash), `#sort=${key}&dir=desc&filter=all`, `the hash keeps ${key}`);
    await page.click('#sort-dir');
  }
  const stats = await page.$eval('.card .stats', (e) => e.textContent);
  check(/branchiness[0-9.]+cycles[0-9]+critical path[0-9.]+%/.test(stats), `a card shows the three: ${stats}`);
  const linked = await browser.newPage();
  linked.on('pageerror', (e) => errors.push(e.message));
  await linked.goto(lockedUrl + '#sort=critical_path_share&dir=desc&filter=all', { waitUntil: 'load' });
  same(await linked.$$eval('.card:not([hidden])', (cs) => cs.map((c) => c.getAttribute('data-seed'))),
       expectedOrder(rows, 'critical_path_share', 'desc'), 'a link sorted by critical_path_share opens sorted so');
  const plain = await browser.newPage();
  await plain.goto(plainUrl + '#sort=cycles&dir=desc', { waitUntil: 'load' });
  const plainOptions = await plain.$$eval('#sort-key option', (os) => os.map((o) => o.value));
  same(progressionKeys.filter((k) => plainOptions.includes(k)), [], 'without locks the menu has none of them');
  same(await plain.$eval('#sort-key', (e) => e.value), 'seed', 'without locks a hash sorting by cycles falls back to seed');
  same(await plain.$$eval('[data-branchiness], [data-cycles], [data-critical-path-share]', (cs) => cs.length), 0,
       'without locks no card carries them');
  check(!/branchiness|critical path/.test(await plain.$eval('#cards', (e) => e.textContent)), 'nor shows them');
}

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  userDataDir: path.join(work, 'profile'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run', '--disable-quic'],
  defaultViewport: { width: 1280, height: 900 },
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pageUrl, { waitUntil: 'load' });

  const seedsOf = (selector) => page.$$eval(selector, (cards) => cards.map((c) => c.getAttribute('data-seed')));
  const allSeeds = await seedsOf('.card');
  same(allSeeds, ['1', '2', '3', '4', '5', '6', '7', '8'], 'the cards carry data-seed, in seed order');

  // Sort by route length, longest first: the viewer steps in this order.
  await page.select('#sort-key', 'route_length');
  await page.click('#sort-dir');
  const order = await seedsOf('.card:not([hidden])');
  const lengths = await page.$$eval('.card:not([hidden])', (cs) => cs.map((c) => Number(c.getAttribute('data-route-length'))));
  check(lengths.every((v, i) => i === 0 || lengths[i - 1] >= v), `sorted by route length, descending: ${lengths}`);

  const viewerSeed = () => page.$eval('#viewer', (v) => (v.hidden ? null : v.getAttribute('data-seed')));
  const dialog = await page.$('[role="dialog"]');
  check(dialog !== null && (await viewerSeed()) === null, 'a dialog exists and is closed');

  // Click the second card's picture: the viewer opens on it, with the full preview.
  await page.click(`.card[data-seed="${order[1]}"] a.thumb img`);
  same(await viewerSeed(), order[1], 'clicking a picture opens the viewer on that seed');
  await page.waitForFunction(() => document.getElementById('viewer-img').complete);
  const preview = await page.$eval('#viewer-img', (img) => ({ w: img.naturalWidth, src: img.getAttribute('src') }));
  same(preview, { w: 60 * 4, src: `seed-${order[1]}.png` }, 'the viewer shows the full preview');
  const command = await page.$eval('#viewer-command', (e) => e.textContent);
  same(command, `catacomb generate --width 60 --height 40 --room-count 8 --seed ${order[1]} --png seed-${order[1]}.png ` +
                `--json seed-${order[1]}.json --txt seed-${order[1]}.txt`, 'the viewer shows the command that regenerates the seed');
  const stats = await page.$eval('#viewer-stats', (e) => e.textContent);
  check(/route length/.test(stats) && /dead ends/.test(stats), 'the viewer shows the statistics');
  // The command really regenerates the seed's preview.
  execFileSync(catacomb, command.replace(/^catacomb /, '').replace(/seed-/g, path.join(work, 'again-')).split(' '));
  check(fs.readFileSync(path.join(work, `again-${order[1]}.png`)).equals(fs.readFileSync(path.join(work, 'batch', `seed-${order[1]}.png`))),
        'the command gives the same PNG, byte for byte');

  // Arrows step through the cards in the current order; they stop at the ends.
  await page.keyboard.press('ArrowRight');
  same(await viewerSeed(), order[2], 'ArrowRight steps to the next card in the sort order');
  await page.keyboard.press('ArrowRight');
  same(await viewerSeed(), order[3], 'ArrowRight again');
  await page.keyboard.press('ArrowLeft');
  same(await viewerSeed(), order[2], 'ArrowLeft steps back');
  same(await page.$eval('#viewer-position', (e) => e.textContent), `3 of ${order.length}`, 'the viewer says where it is');

  // p picks the seed shown.
  await page.keyboard.press('p');
  same(await page.$eval(`.card[data-seed="${order[2]}"]`, (c) => c.getAttribute('data-picked')), 'true', 'p picks the seed');
  same(await page.$eval('[data-picks]', (e) => e.textContent), order[2], 'the picks list shows it');
  await page.keyboard.press('Escape');
  same(await viewerSeed(), null, 'Escape closes the viewer');
  same(await page.evaluate(() => document.activeElement.getAttribute('data-seed')), order[2], 'focus returns to the card');

  // Enter on a focused card opens it; the viewer's button picks it too.
  await page.focus(`.card[data-seed="${order[5]}"]`);
  await page.keyboard.press('Enter');
  same(await viewerSeed(), order[5], 'Enter on a focused card opens the viewer');
  await page.click('#viewer-pick');
  same(await page.$eval('#viewer-pick', (b) => b.getAttribute('aria-pressed')), 'true', 'the Pick button picks');
  if (screenshot) {
    await page.waitForFunction(() => document.getElementById('viewer-img').complete);
    await page.evaluate(() => window.scrollTo(0, 0));  // headless Chromium leaves a scrolled page undimmed
    await page.screenshot({ path: screenshot, captureBeyondViewport: false });
    console.log(`wrote ${screenshot}`);
  }
  await page.keyboard.press('Escape');

  // Unpick and pick again with p on the focused card (no viewer).
  await page.focus(`.card[data-seed="${order[5]}"]`);
  await page.keyboard.press('p');
  same(await page.$eval(`.card[data-seed="${order[5]}"]`, (c) => c.getAttribute('data-picked')), 'false', 'p on a card unpicks it');
  await page.keyboard.press('p');
  const picked = [order[2], order[5]].sort((a, b) => Number(a) - Number(b));

  // The filter shows only the picks.
  await page.select('#filter', 'picked');
  same(await seedsOf('.card:not([hidden])'), [order[2], order[5]], 'the "picked only" filter, in the sort order');
  await page.select('#filter', 'all');

  // Reload: the picks are still there, listed one per line, and offered as a file.
  await page.reload({ waitUntil: 'load' });
  same(await page.$eval('[data-picks]', (e) => e.textContent), picked.join('\n'), 'after a reload the picks are listed');
  same(await seedsOf('.card[data-picked="true"]'), picked, 'after a reload the picked cards carry data-picked="true"');
  const href = await page.$eval('#picks-download', (a) => a.getAttribute('href'));
  const file = decodeURIComponent(href.replace(/^data:text\/plain;charset=utf-8,/, ''));
  same(file, '# regenerate: catacomb batch --seeds-file picks.txt --width 60 --height 40 --room-count 8 --out picks --html\n' +
             picked.join('\n') + '\n', 'the download holds the command and the seeds');
  same(await page.$eval('#picks-download', (a) => a.getAttribute('download')), 'picks.txt', 'the download is named picks.txt');
  // The downloaded file regenerates exactly those seeds, byte for byte.
  fs.writeFileSync(path.join(work, 'picks.txt'), file);
  execFileSync(catacomb, ['batch', '--seeds-file', path.join(work, 'picks.txt'), '--width', '60', '--height', '40',
                          '--room-count', '8', '--out', path.join(work, 'picks')], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (const s of picked)
    check(fs.readFileSync(path.join(work, 'picks', `seed-${s}.json`)).equals(fs.readFileSync(path.join(work, 'batch', `seed-${s}.json`))),
          `batch --seeds-file picks.txt regenerates seed ${s}`);

  // Another batch's page keeps its own picks.
  const other = await browser.newPage();
  await other.goto(otherUrl, { waitUntil: 'load' });
  same(await other.$eval('[data-picks]', (e) => e.textContent), '', 'another batch has no picks');

  // A link with a sort and a filter in its hash opens the page sorted and filtered that way.
  const linked = await browser.newPage();
  linked.on('pageerror', (e) => errors.push(e.message));
  await linked.goto(pageUrl + '#sort=route_length&dir=desc&filter=valid', { waitUntil: 'load' });
  same(await linked.$eval('#sort-key', (e) => e.value), 'route_length', 'the hash sets the sort key on load');
  same(await linked.$eval('#sort-dir', (e) => e.getAttribute('data-dir')), 'desc', 'the hash sets the direction on load');
  same(await linked.$eval('#filter', (e) => e.value), 'valid', 'the hash sets the filter on load');

  // The merged page of three batches: click a theme, only its seeds show, with the other filters
  // and in the viewer's steps; the choice is in the hash.
  const themes = await browser.newPage();
  themes.on('pageerror', (e) => errors.push(e.message));
  await themes.goto(themesUrl, { waitUntil: 'load' });
  const shown = () => themes.$$eval('.card:not([hidden])', (cs) => cs.map((c) => c.getAttribute('data-seed')));
  const buttons = await themes.$$eval('#theme-filter button', (bs) => bs.map((b) => b.textContent));
  same(buttons, ['all themes', 'crypt (4)', 'flooded (5)', 'no theme (2)'], 'a button per theme present, with its seeds');
  same(await shown(), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'], 'all themes at first');
  await themes.click('#theme-filter button[data-theme="flooded"]');
  same(await shown(), ['5', '6', '7', '8', '9'], 'clicking "flooded" shows only its seeds');
  same(await themes.$eval('#count', (e) => e.textContent), 'showing 5 of 11', 'the count follows the theme');
  same(await themes.$$eval('#theme-filter [aria-pressed="true"]', (bs) => bs.map((b) => b.getAttribute('data-theme'))),
       ['flooded'], 'the chosen theme is pressed');
  same(await themes.evaluate(() => location.hash), '#sort=seed&dir=asc&filter=all&theme=flooded', 'the hash keeps the theme');
  const theme7 = await themes.$eval('.card[data-seed="7"] .stats', (e) => e.textContent);
  check(/templatescrypt/.test(theme7) && /themeflooded/.test(theme7), `the card shows its template set and theme: ${theme7}`);
  // The viewer steps through the flooded seeds only, sorted by route length.
  await themes.select('#sort-key', 'route_length');
  const order2 = await shown();
  same([...order2].sort(), ['5', '6', '7', '8', '9'], 'sorting keeps the theme');
  await themes.click(`.card[data-seed="${order2[0]}"] a.thumb img`);
  const stepped = [await themes.$eval('#viewer', (v) => v.getAttribute('data-seed'))];
  for (let i = 0; i < 6; i++) {
    await themes.keyboard.press('ArrowRight');
    stepped.push(await themes.$eval('#viewer', (v) => v.getAttribute('data-seed')));
  }
  same(stepped, [...order2, order2[4], order2[4]], 'ArrowRight steps through the theme\'s seeds and stops at its last');
  const themeCommand = await themes.$eval('#viewer-command', (e) => e.textContent);
  check(themeCommand.includes('--theme flooded --seed ' + order2[4]), `the viewer's command has the seed's theme: ${themeCommand}`);
  same(await themes.$eval('#viewer-img', (i) => i.getAttribute('src')), `../flooded/seed-${order2[4]}.png`,
       'the viewer shows the picture in its batch\'s directory');
  await themes.keyboard.press('p');  // pick it, then close
  await themes.keyboard.press('Escape');
  const themePicks = decodeURIComponent((await themes.$eval('#picks-download', (l) => l.getAttribute('href')))
    .replace(/^data:text\/plain;charset=utf-8,/, '')).split('\n');
  same(themePicks.map((l) => (l.startsWith('# regenerate: ') ? l.replace(/.* --out (\S+) --html$/, '$1') : l)),
       ['picks-1', 'picks-2', 'picks-3', order2[4], ''], 'picks.txt opens with one command per theme, then the pick');
  check(themePicks[1].includes('--theme flooded'), `the second command is the flooded batch's: ${themePicks[1]}`);
  // With "picked only" too: the theme's picks; another theme has none.
  await themes.select('#filter', 'picked');
  same(await shown(), [order2[4]], 'the theme and "picked only" together');
  await themes.click('#theme-filter button[data-theme="crypt"]');
  same(await shown(), [], 'no crypt seed is picked');
  await themes.select('#filter', 'all');
  await themes.click('#theme-filter button[data-theme=""]');
  same(await shown(), ['10', '11'], '"no theme" shows the seeds of the batch without a theme');
  // Keyboard: Tab to "all themes" and Enter chooses it.
  await themes.focus('#theme-all');
  await themes.keyboard.press('Enter');
  same((await shown()).length, 11, 'Enter on "all themes" shows every seed again');
  same(await themes.evaluate(() => location.hash.includes('theme=')), false, 'and the hash has no theme');
  // A link with a theme in its hash opens the page on that theme.
  const linkedTheme = await browser.newPage();
  linkedTheme.on('pageerror', (e) => errors.push(e.message));
  await linkedTheme.goto(themesUrl + '#sort=seed&dir=asc&filter=all&theme=crypt', { waitUntil: 'load' });
  same(await linkedTheme.$$eval('.card:not([hidden])', (cs) => cs.map((c) => c.getAttribute('data-seed'))),
       ['1', '2', '3', '4'], 'the hash sets the theme on load');
  await checkProgressionSort(browser, errors, pageUrl);
  same(errors, [], 'no script errors');
} finally {
  await browser.close();
}

if (failures.length) {
  console.error(`${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('all checks passed');
