#!/usr/bin/env node
// Compiles every ```js, ```ts and ```tsx example of the README (and docs/*.md) with `tsc --strict`
// against the package's own type declarations, so an example that stops type-checking fails
// the tests. The examples are extracted, not copied: each block becomes a module, after a
// prelude declaring the names an example takes from the author's own app (`list`, `toggle`, …).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'target/readme-types');
const sources = ['README.md', ...(existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`) : [])];

/** The author's own app, as the examples use it. */
const PRELUDE = `
interface Todo { id: string; title: string; done: boolean }
declare const list: HTMLElement;
declare const input: HTMLInputElement;
declare const bookingForm: HTMLFormElement;
declare const filter: string;
declare function addTodo(text: unknown): void;
declare function visible(): Todo[];
declare function rowOf(id: string): HTMLElement;
declare function toggle(id: string): void;
declare const pling: import('pling-runtime').Pling;
declare function askThePerson(request: import('pling-runtime').ConfirmRequest): boolean;
declare const app: { use(path: string, handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown): void };
declare function serveYourPage(request: Request): Response | Promise<Response>;
// The hosts the proxy recipes run on, as much of them as the recipes use.
declare module 'vite' { export function defineConfig<T>(config: T): T }
declare module 'express' { const express: { (): { use(path: string, handler: unknown): void; use(handler: unknown): void; listen(port: number): void }; static(root: string): unknown }; export default express }
declare const Deno: { env: { get(name: string): string | undefined }; serve(handler: (request: Request) => Response | Promise<Response>): void };
interface Fetcher { fetch(request: Request): Promise<Response> }
`;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'prelude.d.ts'), PRELUDE);
const files = [];
for (const source of sources) {
  const text = readFileSync(join(root, source), 'utf8');
  const fence = /^```(js|ts|tsx)\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    const line = text.slice(0, m.index).split('\n').length;
    const name = `${source.replace(/[^\w]+/g, '_')}_${line}.${m[1] === 'tsx' ? 'tsx' : 'ts'}`;
    const react = m[1] === 'tsx' && !/from 'react'/.test(m[2]) ? "import { useRef } from 'react';\n" : '';
    writeFileSync(join(out, name), `// ${source}:${line}\n${react}${m[2]}\nexport {};\n`);
    files.push(name);
  }
}
const declarations = (entry) => relative(out, join(root, 'js/src', entry));
writeFileSync(join(out, 'tsconfig.json'), JSON.stringify({
  compilerOptions: {
    target: 'es2022', module: 'es2022', moduleResolution: 'bundler', lib: ['es2022', 'dom', 'dom.iterable'],
    strict: true, noEmit: true, jsx: 'react-jsx', types: ['node', 'react'], typeRoots: [relative(out, join(root, 'node_modules/@types'))],
    paths: {
      'pling-runtime': [declarations('index.d.ts')],
      'pling-runtime/slim': [declarations('slim.d.ts')],
      'pling-runtime/script': [declarations('script.d.ts')],
      'pling-runtime/proxy': [declarations('proxy.d.ts')],
      'pling-runtime/react': [declarations('react.d.ts')],
      'pling-runtime/vite': [declarations('vite.d.ts')],
      'npm:pling-runtime/proxy': [declarations('proxy.d.ts')],
    },
  },
  files: ['prelude.d.ts', ...files],
}, null, 2));
try {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', out], { stdio: 'inherit' });
} catch {
  console.error('the README examples above do not type-check (target/readme-types/ holds what was compiled)');
  process.exit(1);
}
console.log(`${files.length} README examples type-check under --strict`);
