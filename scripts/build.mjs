#!/usr/bin/env node
// Builds the browser package as wasm-pack.toml says: each engine variant (cargo + wasm-bindgen
// + wasm-opt) into js/wasm/, and the bundles (the <script> build, the Markdown renderer) into
// js/dist/. Prints every size against its budget and fails past one.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
const bin = (name) => join(root, 'node_modules', '.bin', name);
const config = readConfig(join(root, 'wasm-pack.toml'));

/** wasm-pack.toml, with the fields the build needs checked so a typo fails clearly. */
function readConfig(file) {
  const c = parse(readFileSync(file, 'utf8'));
  const need = (value, what) => {
    if (value === undefined) throw new Error(`wasm-pack.toml: ${what} is missing`);
    return value;
  };
  for (const key of ['path', 'package', 'artifact', 'profile']) need(c.crate?.[key], `[crate] ${key}`);
  for (const key of ['target', 'out-dir', 'out-name']) need(c.bindgen?.[key], `[bindgen] ${key}`);
  need(c['wasm-opt']?.flags, '[wasm-opt] flags');
  if (!c.engine?.length) throw new Error('wasm-pack.toml: no [[engine]]');
  for (const e of [...c.engine, ...(c.bundle ?? [])]) {
    need(e.name, 'a name');
    need(e['budget-gzip-kb'], `${e.name}: budget-gzip-kb`);
  }
  for (const e of c.engine) for (const key of ['target-dir', 'wasm']) need(e[key], `${e.name}: ${key}`);
  for (const b of c.bundle ?? []) for (const key of ['entry', 'format', 'out']) need(b[key], `${b.name}: ${key}`);
  return c;
}

// `--if-needed` (npm's prepack): a package that already holds its built engine is packed as it
// is, so packing needs Rust only when the engine was never built or its sources changed since.
if (process.argv.includes('--if-needed') && upToDate()) {
  console.error('build: the engine and the bundles are up to date; nothing to do');
  process.exit(0);
}

function built() {
  const glue = join(config.bindgen['out-dir'], `${config.bindgen['out-name']}.js`);
  return [...config.engine.map((e) => e.wasm), glue, ...(config.bundle ?? []).map((b) => b.out)].map((f) => join(root, f));
}

function upToDate() {
  const files = built();
  if (!files.every(existsSync)) return false;
  const oldest = Math.min(...files.map((f) => statSync(f).mtimeMs));
  const newest = (dir) => readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((m, e) => Math.max(m, statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs), 0);
  const config = statSync(join(root, 'wasm-pack.toml')).mtimeMs;
  return Math.max(newest(join(root, 'crates')), newest(join(root, 'js/src')), config) <= oldest;
}

try {
  execFileSync('cargo', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('build: building the engine needs Rust (cargo, the wasm32-unknown-unknown target) and wasm-bindgen; ./scripts/setup installs them. A package from npm already holds the built engine.');
  process.exit(1);
}

const sysroot = execFileSync('rustc', ['--print', 'sysroot'], { encoding: 'utf8' }).trim();

/**
 * The engine's panic locations name the crates' files: these flags write the registry's as
 * `registry/…`, so no path of the building machine ships in the module.
 */
function remappedFlags(extra) {
  const cargoHome = process.env.CARGO_HOME ?? join(homedir(), '.cargo');
  const own = process.env.CARGO_ENCODED_RUSTFLAGS?.split('\x1f')
    ?? process.env.RUSTFLAGS?.split(/\s+/) ?? [];
  own.push(...extra);
  // With rustup's rust-src component installed, std's own locations name its sources there.
  const remap = [
    `--remap-path-prefix=${join(cargoHome, 'registry', 'src')}=registry`,
    `--remap-path-prefix=${sysroot}=rust`,
    `--remap-path-prefix=${root}=.`,
  ];
  // Cargo's encoded form: one flag per field, so a path with spaces stays one flag.
  return [...own.filter(Boolean), ...remap].join('\x1f');
}

/** One engine variant: cargo, wasm-bindgen into a scratch dir, wasm-opt to its place. */
function buildEngine(engine, index) {
  const { crate, bindgen } = config;
  const args = ['build', `--${crate.profile}`, '--target', 'wasm32-unknown-unknown', '-p', crate.package, '--target-dir', engine['target-dir']];
  if (engine['default-features'] === false) args.push('--no-default-features');
  if (engine.features?.length) args.push('--features', engine.features.join(','));
  run('cargo', args, { env: { ...process.env, CARGO_ENCODED_RUSTFLAGS: remappedFlags([]) } });
  const artifact = join(root, engine['target-dir'], 'wasm32-unknown-unknown', crate.profile, crate.artifact);
  const scratch = join(root, engine['target-dir'], 'bindgen');
  mkdirSync(scratch, { recursive: true });
  const bindgenArgs = ['--target', bindgen.target, '--out-dir', scratch, '--out-name', bindgen['out-name'], artifact];
  if (bindgen.typescript === false) bindgenArgs.unshift('--no-typescript');
  run('wasm-bindgen', bindgenArgs);
  const outDir = join(root, bindgen['out-dir']);
  mkdirSync(outDir, { recursive: true });
  run(bin('wasm-opt'), [...config['wasm-opt'].flags, join(scratch, `${bindgen['out-name']}_bg.wasm`), '-o', join(root, engine.wasm)]);
  const bytes = readFileSync(join(root, engine.wasm)).toString('latin1');
  for (const path of [root, homedir()].filter((p) => p.length > 1)) {
    if (bytes.includes(path)) throw new Error(`${engine.wasm} names a path of this machine (${path})`);
  }
  // The glue of the first variant is the one every variant runs with.
  if (index === 0) writeGlue(join(scratch, `${bindgen['out-name']}.js`), join(outDir, `${bindgen['out-name']}.js`));
}

/**
 * The glue, without its default engine address: a `new URL('…_bg.wasm', import.meta.url)` there
 * makes every bundler emit the whole engine, even for the slim entry or the observe-only one.
 * Each entry says which engine it loads (index.js its own URL, slim.js the author's).
 */
function writeGlue(from, to) {
  const glue = readFileSync(from, 'utf8');
  const fallback = `module_or_path = new URL('${config.bindgen['out-name']}_bg.wasm', import.meta.url);`;
  if (!glue.includes(fallback)) throw new Error(`wasm-bindgen's glue changed: no "${fallback}" to take out`);
  writeFileSync(to, glue.replace(fallback, "throw new Error('pling-runtime: the engine needs the URL or bytes of its .wasm');"));
  rmSync(from);
}

/** A later variant runs with the first one's glue: same imports or fewer, the exports it needs. */
function checkFitsTheGlue(first, engine) {
  const full = new WebAssembly.Module(readFileSync(join(root, first.wasm)));
  const small = new WebAssembly.Module(readFileSync(join(root, engine.wasm)));
  const key = (i) => `${i.module}.${i.name}`;
  const fullImports = new Set(WebAssembly.Module.imports(full).map(key));
  const strange = WebAssembly.Module.imports(small).map(key).filter((k) => !fullImports.has(k));
  const smallExports = new Set(WebAssembly.Module.exports(small).map((e) => e.name));
  // The public exports, but those left out on purpose; wasm-bindgen's own helpers are needed
  // only by the imports that use them, which are checked next.
  const leftOut = new RegExp(engine['without-exports'] ?? '^$');
  const helper = /^(__wbindgen_|__externref_|wasm_bindgen(_[0-9a-f]+)?_+convert__closures)/;
  const missing = WebAssembly.Module.exports(full).map((e) => e.name)
    .filter((name) => !helper.test(name) && !leftOut.test(name) && !smallExports.has(name));
  const glue = readFileSync(join(root, config.bindgen['out-dir'], `${config.bindgen['out-name']}.js`), 'utf8');
  for (const i of WebAssembly.Module.imports(small)) {
    for (const name of glueNeeds(glue, i.name)) if (!smallExports.has(name)) missing.push(`${name} (for ${i.name})`);
  }
  if (strange.length || missing.length) {
    throw new Error(`the ${engine.name} does not fit the glue: imports ${strange.join(', ') || 'ok'}; exports missing ${missing.join(', ') || 'none'}`);
  }
}

/** The glue's helpers that call into the module, and the exports each calls. */
const HELPER_EXPORTS = {
  addToExternrefTable0: ['__externref_table_alloc'],
  handleError: ['__externref_table_alloc', '__wbindgen_exn_store'],
};

/** The engine exports an import's glue function calls, directly or through a helper. */
function glueNeeds(glue, importName) {
  const start = glue.indexOf(`${importName}: function`);
  if (start < 0) return [];
  // Up to the next import's function, or the end of the imports object.
  const rest = glue.slice(start + importName.length);
  const end = rest.search(/\n {8}\w+: function|\n {4}\}/);
  const body = rest.slice(0, end < 0 ? undefined : end);
  const direct = [...body.matchAll(/\bwasm\.(\w+)/g)].map((m) => m[1]);
  const viaHelpers = Object.entries(HELPER_EXPORTS).filter(([h]) => body.includes(`${h}(`)).flatMap(([, e]) => e);
  return [...direct, ...viaHelpers];
}

function buildBundle(bundle) {
  const externals = (bundle.external ?? []).map((e) => `--external:${e}`);
  const notices = bundle.notices?.length ? [`--banner:js=${bundle.notices.map(noticeOf).join('\n')}`] : [];
  run(bin('esbuild'), [bundle.entry, '--bundle', `--format=${bundle.format}`, ...(bundle.flags ?? []), ...externals, ...notices, `--outfile=${bundle.out}`, '--log-level=warning']);
}

/**
 * The licence notice of a bundled package, as a comment at the top of the bundle: an MIT
 * package's whole LICENSE (its terms ask for the notice in every copy), another's copyright
 * line, licence and where its licence text is.
 */
function noticeOf(name) {
  const dir = join(root, 'node_modules', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const repo = String(pkg.repository?.url ?? pkg.repository ?? pkg.homepage ?? '').replace(/^git\+|\.git$/g, '').replace(/^git:/, 'https:');
  const author = typeof pkg.author === 'string' ? pkg.author.replace(/\s*[<(].*$/, '') : pkg.author?.name;
  const text = pkg.license === 'MIT'
    ? readFileSync(join(dir, readdirSync(dir).find((f) => /^licen[cs]e/i.test(f))), 'utf8')
    : `${author ? `(c) ${author} and contributors. ` : ''}Licensed under ${pkg.license}: ${repo}/blob/${pkg.version}/LICENSE`;
  return `/*! ${pkg.name} ${pkg.version} (${pkg.license}) ${repo}\n${text.trim().replaceAll('*/', '* /')}\n*/`;
}

config.engine.forEach((engine, i) => {
  buildEngine(engine, i);
  if (i > 0) checkFitsTheGlue(config.engine[0], engine);
});
for (const b of config.bundle ?? []) mkdirSync(dirname(join(root, b.out)), { recursive: true });
(config.bundle ?? []).forEach(buildBundle);
// The <script> build loads the engine from ../wasm/, the one copy of each engine the package
// ships (data-pling-wasm picks another place, or the observe-only engine).
for (const stale of ['pling_wasm_bg.wasm', 'pling_observe_bg.wasm']) rmSync(join(root, 'js/dist', stale), { force: true });
report();

/** Every output's size, and what a page pays when, against the budgets; CI fails past one. */
function report() {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const gz = (file) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
  const glue = join(config.bindgen['out-dir'], `${config.bindgen['out-name']}.js`);
  console.log('');
  for (const file of [...config.engine.map((e) => e.wasm), glue, ...(config.bundle ?? []).map((b) => b.out)]) {
    const bytes = readFileSync(join(root, file));
    console.log(`${file.padEnd(30)} ${kb(bytes.length)} raw, ${kb(gz(file))} gzip, ${kb(brotliCompressSync(bytes).length)} brotli`);
  }
  const paid = [
    ...(config.bundle ?? []).map((b) => [b.name, b.out, b['budget-gzip-kb']]),
    ...config.engine.map((e) => [`on first use (${e.name})`, e.wasm, e['budget-gzip-kb']]),
  ];
  const over = [];
  for (const [what, file, budget] of paid) {
    const size = gz(file) / 1024;
    if (statSync(join(root, file)).size < 1000) throw new Error(`${what}: the build produced no module`);
    console.log(`${what.padEnd(36)} ${size.toFixed(1)} KB gzip (budget ${budget} KB)`);
    if (size > budget) over.push(`${what}: ${size.toFixed(1)} KB > ${budget} KB`);
  }
  if (over.length) throw new Error(`over the size budget: ${over.join('; ')}`);
}
