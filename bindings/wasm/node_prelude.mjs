// Put before Emscripten's glue (--extern-pre-js), at the top of the ES module: in Node, the glue
// of Emscripten 3.1.6 calls require() and reads __dirname, which an ES module does not have; they
// are made here from import.meta.url. In a browser both stay undefined and are never read.
const catacombInNode = typeof process === 'object' && typeof process.versions === 'object' && !!process.versions.node;
const require = catacombInNode ? (await import('node:module')).createRequire(import.meta.url) : undefined;
const __dirname = catacombInNode ? (await import('node:path')).dirname((await import('node:url')).fileURLToPath(import.meta.url)) : '';
