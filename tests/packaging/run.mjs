#!/usr/bin/env node
// The packaging test: packs the package, installs the tarball into three fresh apps — a Vite
// app, a Vite + React 19 + strict TypeScript app, and a page with no build step (an import
// map) — builds them, and drives each in Chromium: the observation builds from the installed
// files and a row call dispatches to the app's own handler. Needs the npm registry for Vite
// and React. `node tests/packaging/run.mjs`
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const work = join(root, 'target/packaging');
const VERSIONS = { vite: '8.4.0', react: '19.3.1', 'react-dom': '19.3.1', '@types/react': '19.3.3', '@types/react-dom': '19.3.0', typescript: '5.9.3' };
const sh = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
const npm = (args, cwd) => sh('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], cwd);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// What `npm pack` runs first (prepack), here so its output stays out of the JSON.
execFileSync('node', [join(root, 'scripts/build.mjs'), '--if-needed'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], root));
const tarball = join(work, packed.filename);
console.log(`packed ${packed.filename}: ${(packed.size / 1024).toFixed(0)} KB, ${packed.entryCount} files`);

/** @type {{name: string, dir: string, serve: string}[]} */
const apps = [];
function app(name, deps, build) {
  const dir = join(work, name);
  cpSync(join(here, name), dir, { recursive: true });
  if (name !== 'react-ts') cpSync(join(here, 'page.js'), join(dir, 'page.js'));
  sh('node', ['-e', `require('fs').writeFileSync('package.json', JSON.stringify({ name: '${name}-app', private: true, type: 'module' }))`], dir);
  npm(['install', tarball, ...deps.map((d) => `${d}@${VERSIONS[d]}`)], dir);
  build?.(dir);
  apps.push({ name, dir, serve: build ? join(dir, 'dist') : dir });
}
app('vite', ['vite'], (dir) => sh(join(dir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], dir));
app('react-ts', ['vite', 'react', 'react-dom', '@types/react', '@types/react-dom', 'typescript'], (dir) => {
  sh(join(dir, 'node_modules/.bin/tsc'), ['-p', '.'], dir);
  sh(join(dir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], dir);
});
app('importmap', []);

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json' };
function serve(dir) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

const browser = await launchChromium();
let failed = 0;
try {
  for (const a of apps) {
    const server = await serve(a.serve);
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const out = await page.waitForFunction(() => window.packaged, null, { timeout: 20_000 }).then((h) => h.jsonValue()).catch(() => null);
    // The React app also declares its page, a form and feedback, and gives rows their elements.
    const react = a.name !== 'react-ts' || (out?.rowsInView && out.page && out.feedback);
    const lazy = a.name === 'react-ts' || out?.lazyStart;
    const ok = out && out.tools.includes('toggle') && out.section.includes('Buy milk') && out.called.ok && out.called.actionId === 'toggle@b' && out.done.join() === 'b' && out.typedErrors && react && lazy && !errors.length;
    console.log(`${ok ? 'ok  ' : 'FAIL'}  ${a.name}: ${out ? `tools ${out.tools.join(', ')}; call ${JSON.stringify(out.called)}; done ${out.done.join(', ')}` : 'no result'}${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
    if (!ok) failed += 1;
    await page.close();
    server.close();
  }
} finally {
  await browser.close();
}
if (failed) process.exit(1);
console.log('the packed package works in a Vite app, a React + strict TypeScript app and a no-build page');
