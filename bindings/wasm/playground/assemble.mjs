// Builds the playground's one static file (scripts/build-wasm.sh runs it): index.html with,
// inline, the wasm binary (base64), Emscripten's glue, the package's index.js and playground.js.
// A page opened from file:// may neither fetch a .wasm nor import a module file, so everything
// is in the page: the glue and the package become one async function that returns the package's
// exports (their `export`s and the package's import of the glue are the only text changed), and
// the binary reaches the package through globalThis.catacombWasmBinary, which its loader reads
// before fetching anything. No network at run time; the same page works from a static server.
//
//   node assemble.mjs <built package dir> <output index.html>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [packageDir, output] = process.argv.slice(2);
if (!packageDir || !output) {
  console.error('usage: node assemble.mjs <built package dir> <output index.html>');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const read = (path) => readFileSync(path, 'utf8');

// Replaces `from` in `text` exactly once, or stops: a changed glue or package must not be
// assembled into a page that silently fails.
function replaceOnce(text, from, to, what) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + from.length) >= 0) {
    console.error(`assemble: expected exactly one ${JSON.stringify(from)} in ${what}`);
    process.exit(1);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

const glue = replaceOnce(read(join(packageDir, 'catacomb_wasm.mjs')), 'export default createCatacombModule;', '',
                         'catacomb_wasm.mjs');
let api = replaceOnce(read(join(packageDir, 'index.js')), "import createCatacombModule from './catacomb_wasm.mjs';", '',
                      'index.js');
const exported = [];
api = api.replace(/^export (const|function|class|async function) ([A-Za-z_$][\w$]*)/gm, (_, kind, name) => {
  exported.push(name);
  return `${kind} ${name}`;
});
if (!exported.includes('generate') || !exported.includes('validate')) {
  console.error(`assemble: index.js exports ${exported.join(', ')}: expected generate and validate among them`);
  process.exit(1);
}
// "</script" inside a script would end it early: the glue and the API have none, checked here.
for (const [name, text] of [['glue', glue], ['index.js', api], ['playground.js', read(join(here, 'playground.js'))]])
  if (/<\/script/i.test(text)) {
    console.error(`assemble: ${name} contains "</script": cannot be inlined`);
    process.exit(1);
  }

const wasm = readFileSync(join(packageDir, 'catacomb_wasm.wasm')).toString('base64');
const scripts = `<script>
globalThis.catacombWasmBinary = Uint8Array.from(atob("${wasm}"), (c) => c.charCodeAt(0));
</script>
<script type="module">
const catacomb = await (async () => {
${glue}
${api}
return Object.freeze({ ${exported.join(', ')} });
})();
delete globalThis.catacombWasmBinary;
${read(join(here, 'playground.js'))}
</script>`;
const page = replaceOnce(read(join(here, 'index.html')), '<!-- catacomb:scripts -->', scripts, 'index.html');
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, page);
console.log(`assemble: ${output} (${exported.length} exports, wasm ${Math.round(wasm.length / 1024)} kB as base64)`);
