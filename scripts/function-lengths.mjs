#!/usr/bin/env node
// Lists the runtime's functions longer than a screen (60 lines by default), longest first,
// and exits non-zero when there are any: `node scripts/function-lengths.mjs [max]`. Reads the
// JS with TypeScript's parser, so methods, arrows and nested functions all count.
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
long.sort((a, b) => b.lines - a.lines);
for (const f of long) console.log(`${String(f.lines).padStart(4)} lines  ${f.name}  (${f.where})`);
console.log(long.length ? `${long.length} functions over ${max} lines` : `every function fits in ${max} lines`);
process.exit(long.length ? 1 : 0);
