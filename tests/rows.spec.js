// Long lists observed turn after turn: what the model is shown, and what the page is told is
// wrong, are the same whatever the shim keeps from one snapshot to the next. The golden files
// were written by the collection that kept nothing (PLING_BLESS=1 writes them again).
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Each turn changes the page, then the page is observed. */
const TURNS = [
  ['first look', () => {}],
  ['a row toggled and renamed', () => window.bench.touch(0)],
  ['a row re-keyed', () => window.bench.rename(4, 'renamed-5')],
  ['a row gone', () => window.bench.remove(9)],
  ['two rows with one id', () => { window.bench.rows[7].id = window.bench.rows[8].id; }],
  ['the id told apart again', () => { window.bench.rows[7].id = 'r8-again'; }],
  ['scrolled down', () => window.scrollTo(0, 28 * 300)],
  ['an id with a control character', () => { window.bench.rows[2].id = 'bad\u0007id'; }],
];

for (const rows of [120, 2000]) {
  test(`a ${rows}-row list observed over ${TURNS.length} turns is shown as the collection that kept nothing showed it`, async ({ page }) => {
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error' && m.text().startsWith('[pling]')) problems.push(m.text()); });
    await page.goto(`/bench?rows=${rows}`);
    await page.waitForFunction(() => window.bench);
    const seen = [];
    for (const [name, change] of TURNS) {
      problems.length = 0;
      await page.evaluate(`(${change})()`);
      const o = await page.evaluate(async () => {
        const { section, tools, omissions } = await window.bench.pling.observe();
        return { section, tools, omissions };
      });
      seen.push({ turn: name, ...o, problems: [...problems] });
    }
    const file = new URL(`golden/bench-${rows}.json`, import.meta.url);
    if (process.env.PLING_BLESS === '1' || !existsSync(file)) writeFileSync(file, `${JSON.stringify(seen, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(file, 'utf8'));
    for (let i = 0; i < TURNS.length; i++) expect(seen[i], TURNS[i][0]).toEqual(golden[i]);
  });
}

test('the snapshot sent with the long lists\' JSON kept from the last turn is the snapshot, written out', async ({ page }) => {
  await page.goto('/bench?rows=2000');
  await page.waitForFunction(() => window.bench);
  const same = await page.evaluate(async () => {
    const { collect } = await import('/js/src/collect.js');
    const { pling, touch, rename, remove } = window.bench;
    const out = [];
    for (const change of [() => {}, () => touch(1), () => rename(3, 'lone\uD800'), () => touch(2), () => remove(5), () => {}]) {
      change();
      const c = collect(pling.registry, { attributes: true, root: document, marked: pling.marked, report: () => {} });
      const written = c.secrets.stringify(c.snapshot, c.recordIdsJson);
      out.push(c.recordIdsJson !== undefined && written === c.secrets.stringify(c.snapshot) && JSON.parse(written).recordIds.length > 0);
    }
    return out;
  });
  expect(same).toEqual([true, true, true, true, true, true]);
});
