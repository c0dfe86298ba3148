#!/usr/bin/env node
// Lists the runtime's functions longer than a screen (60 lines by default), longest first,
// and exits non-zero when there are any: `node scripts/function-lengths.mjs [max]`. Reads the
// JS with TypeScript's parser, so methods, arrows and nested functions all count; and the
// engine's Rust (outside its test modules) by its braces, with strings, characters and
// comments taken out first.
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const max = Number(process.argv[2] ?? 60);
const dir = new URL('../js/src/', import.meta.url).pathname;
const long = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  const text = readFileSync(join(dir, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      const name = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : '(anonymous)');
      if (lines > max) long.push({ where: `${file}:${first + 1}`, name, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
/** Rust source with string and char literals and comments blanked, line breaks kept. */
function rustCode(text) {
  return text
    .replace(/\/\/[^\n]*/g, '')
    .replace(/'(?:[^'\\\n]|\\[^'\n]{1,9})'/g, "' '")
    .replace(/(?<!\w)r(#*)"[\s\S]*?"\1/g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/"(?:[^"\\]|\\[\s\S])*"/g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '));
}

const crates = new URL('../crates/', import.meta.url).pathname;
for (const crate of readdirSync(crates)) {
  const src = join(crates, crate, 'src');
  for (const file of readdirSync(src).filter((f) => f.endsWith('.rs'))) {
    const lines = rustCode(readFileSync(join(src, file), 'utf8')).split('\n');
    const end = lines.findIndex((l) => l.startsWith('#[cfg(test)]'));
    for (let i = 0; i < (end < 0 ? lines.length : end); i++) {
      const m = /^\s*(?:pub(?:\([a-z]+\))? )?(?:const )?(?:async )?fn (\w+)/.exec(lines[i]);
      if (!m) continue;
      let depth = 0;
      let opened = false;
      let j = i;
      for (; j < lines.length; j++) {
        for (const c of lines[j]) {
          if (c === '{') { depth++; opened = true; }
          if (c === '}') depth--;
        }
        if (opened && depth <= 0) break;
        if (!opened && lines[j].trimEnd().endsWith(';')) break;
      }
      if (j - i + 1 > max) long.push({ where: `${crate}/src/${file}:${i + 1}`, name: m[1], lines: j - i + 1 });
    }
  }
}

long.sort((a, b) => b.lines - a.lines);
for (const f of long) console.log(`${String(f.lines).padStart(4)} lines  ${f.name}  (${f.where})`);
console.log(long.length ? `${long.length} functions over ${max} lines` : `every function fits in ${max} lines`);
process.exit(long.length ? 1 : 0);
