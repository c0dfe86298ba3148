// The chat widget as a company would ship it: a greeting and suggestions on the empty panel, a
// progress line while the model works, one line per step in the page's words with what changed
// one click away, confirmation cards in the person's words, every string translatable (German
// built in), the page's colour scheme and font, one name for the title.
import { test, expect } from '@playwright/test';
import { reply } from './model-server.mjs';
import { openLab, useModelServer } from './pages.mjs';

const model = useModelServer(test);

/** The task page with a chat mounted with `options`, opened. */
async function tasksChat(page, options = {}) {
  await page.goto('/tasks?rows=12');
  await page.waitForFunction(() => window.tasksApp);
  await page.evaluate(async ({ url, options }) => {
    const { mountChat } = await import('/js/src/index.js');
    // The page's own chat makes way for this one.
    window.tasksApp.chat?.destroy();
    window.chat = mountChat(window.tasksApp.pling, { baseURL: url, model: 'scripted', title: 'Task helper', ...options });
    window.chat.open();
  }, { url: model.url, options });
}

test('the empty panel greets and offers the author\'s suggestions; one sends itself; a progress line shows while the model works', async ({ page }) => {
  await tasksChat(page, { greeting: 'Hello! I look after your tasks.', suggestions: ['Mark the design review done', 'Show open tasks'] });
  await expect(page.locator('.pling-chat .greeting')).toHaveText('Hello! I look after your tasks.');
  const suggestions = page.locator('.pling-chat .suggestions button');
  await expect(suggestions).toHaveText(['Mark the design review done', 'Show open tasks']);
  await expect(page.locator('.pling-chat .progress')).toBeHidden();
  model.script([{ hang: true }]);
  await suggestions.first().click();
  await expect(page.locator('.pling-chat .msg.user')).toHaveText('Mark the design review done');
  await expect(page.locator('.pling-chat .progress')).toBeVisible();
  await expect(page.locator('.pling-chat .progress')).toHaveAttribute('role', 'status');
  await expect(page.locator('.pling-chat .progress')).toHaveText('Working…');
  await expect(suggestions).toHaveCount(0);
  await page.locator('.pling-chat .send').click();
  await expect(page.locator('.pling-chat .progress')).toBeHidden();
  await expect(page.locator('.pling-chat .send')).toHaveText('Send');
});

test('one line per step in the page\'s words, and what it changed in words behind Details', async ({ page }) => {
  await tasksChat(page);
  model.script([reply.calls([{ name: 'toggle', arguments: { record: 't2' } }]), reply.text('Done.')]);
  await page.locator('.pling-chat input').fill('Mark the design review done.');
  await page.keyboard.press('Enter');
  await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('Done.');
  const steps = page.locator('.pling-chat .msg.step');
  await expect(steps).toHaveCount(1);
  await expect(steps.locator('.words')).toHaveText('Mark the task done, or open again: “Book the design review”');
  await expect(steps).toHaveClass(/\bok\b/);
  await expect(steps.locator('.status')).toHaveText('done');
  const details = steps.locator('details');
  await expect(details.locator('li').first()).toBeHidden();
  await details.locator('summary').click();
  await expect(details.locator('li').first()).toHaveText('“Book the design review”: done changed');
  await expect(details).not.toContainText('{');
  await expect(page.locator('.pling-chat .msg')).not.toContainText(['Done: ']);
});

test('German is built in, and any string can be the author\'s own', async ({ page }) => {
  await tasksChat(page, { locale: 'de', strings: { greeting: 'Servus! Was steht an?' } });
  await expect(page.locator('.pling-chat .greeting')).toHaveText('Servus! Was steht an?');
  await expect(page.locator('.pling-chat .send')).toHaveText('Senden');
  await expect(page.locator('.pling-chat input')).toHaveAttribute('placeholder', 'Was soll ich auf dieser Seite tun?');
  await expect(page.locator('.pling-chat .close')).toHaveAccessibleName('Schließen');
  model.script([reply.calls([{ name: 'delete', arguments: { record: 't2' } }]), reply.text('Nicht gelöscht.')]);
  await page.locator('.pling-chat input').fill('Lösche die Aufgabe Book the design review.');
  await page.keyboard.press('Enter');
  const card = page.locator('.pling-chat .confirm');
  await expect(card.locator('.ask')).toHaveText('Soll ich das tun?');
  await expect(card.locator('.what')).toHaveText('Delete the task: „Book the design review“');
  await expect(card.getByRole('button', { name: 'Erlauben: Delete the task „Book the design review“' })).toBeFocused();
  await card.getByRole('button', { name: /^Ablehnen/ }).click();
  await expect(card).toContainText('Abgelehnt');
  await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('Nicht gelöscht.');
});

test('the npm entry loads German as a chunk of its own when a chat asks for it: the chat mounts in German, never in English first, and does what it was asked meanwhile', async ({ page }) => {
  const german = [];
  page.on('request', (r) => { if (r.url().includes('locale-de')) german.push(r.url()); });
  await page.goto('/tasks?rows=12');
  await page.waitForFunction(() => window.tasksApp);
  // The page's own chat is English: no German was loaded for it.
  expect(german).toEqual([]);
  model.script([reply.text('Hallo! Alles erledigt.')]);
  const first = await page.evaluate(async (url) => {
    const { mountChat } = await import('/js/src/index.js');
    window.tasksApp.chat?.destroy();
    window.chat = mountChat(window.tasksApp.pling, { baseURL: url, model: 'scripted', locale: 'de-AT' });
    window.chat.open();
    window.chat.send('Was ist offen?');
    // Whatever is on the page right after the call: no chat yet, or one in German.
    return [...document.querySelectorAll('.pling-chat input')].map((el) => el.getAttribute('placeholder'));
  }, model.url);
  expect(first.every((p) => p === 'Was soll ich auf dieser Seite tun?'), JSON.stringify(first)).toBe(true);
  await expect(page.locator('.pling-chat input')).toHaveAttribute('placeholder', 'Was soll ich auf dieser Seite tun?');
  await expect(page.locator('.pling-chat .msg.user')).toHaveText('Was ist offen?');
  await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('Hallo! Alles erledigt.');
  expect(german).toHaveLength(1);
});

test('a chat destroyed while its language loads never mounts', async ({ page }) => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/locale-de.js', async (route) => { await held; await route.continue(); });
  await page.goto('/tasks?rows=12');
  await page.waitForFunction(() => window.tasksApp);
  await page.evaluate(async () => {
    const { mountChat } = await import('/js/src/index.js');
    document.documentElement.lang = 'de';
    window.host = document.createElement('div');
    document.body.append(window.host);
    window.held = mountChat(window.tasksApp.pling, { baseURL: '/v1', host: window.host });
    window.held.open();
  });
  expect(await page.evaluate(() => window.held.assistant)).toBe(null);
  await page.evaluate(() => window.held.destroy());
  release();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('locale-de')));
  await page.waitForTimeout(100);
  expect(await page.evaluate(() => window.host.shadowRoot?.childElementCount ?? window.host.childElementCount)).toBe(0);
});

test('the confirmation card speaks in the person\'s words: the action, the row by its label, the values it writes', async ({ page }) => {
  await tasksChat(page);
  await page.evaluate(() => {
    const app = window.tasksApp;
    app.moved = [];
    app.pling.rowAction({
      name: 'move', description: 'Move the task to another list', region: 'tasks', confirm: true,
      rows: () => app.tasks.map((t) => t.id), params: { list: { type: 'string', description: 'The list to move it to' } },
      handler: ({ record, list }) => app.moved.push([record, list]),
    });
  });
  model.script([reply.calls([{ name: 'move', arguments: { record: 't2', list: 'Next week' } }]), reply.text('Moved.')]);
  await page.locator('.pling-chat input').fill('Move Book the design review to Next week.');
  await page.keyboard.press('Enter');
  const card = page.locator('.pling-chat .confirm');
  await expect(card.locator('.what')).toHaveText('Move the task to another list: “Book the design review”');
  await expect(card.locator('dl.facts dt')).toHaveText(['list']);
  await expect(card.locator('dl.facts dd')).toHaveText(['Next week']);
  // No ids, no field dump.
  await expect(card).not.toContainText('t2');
  await expect(card).not.toContainText('false');
  await card.getByRole('button', { name: 'Allow: Move the task to another list “Book the design review”' }).click();
  await expect(card).toContainText('Allowed');
  await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('Moved.');
  expect(await page.evaluate(() => window.tasksApp.moved)).toEqual([['t2', 'Next week']]);
});

test('the colour scheme follows the page unless the author fixes it; --pling-font is the family, launcher too', async ({ page }) => {
  await openLab(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const scheme = () => page.locator('.pling-chat').first().getAttribute('data-scheme');
  await page.evaluate(async (url) => {
    const { mountChat } = await import('/js/src/index.js');
    window.chat = mountChat(window.labApp.pling, { baseURL: url, model: 'scripted' });
  }, model.url);
  // A light page that does not offer dark: the widget stays light even in the person's dark mode.
  expect(await scheme()).toBe('light');
  await page.evaluate(() => {
    document.documentElement.style.colorScheme = 'dark';
    window.chat.open();
  });
  expect(await scheme()).toBe('dark');
  const bg = await page.locator('.pling-chat .panel').evaluate((p) => getComputedStyle(p).backgroundColor);
  expect(bg).toBe('rgb(28, 29, 33)');
  await page.evaluate(async (url) => {
    window.chat.destroy();
    const { mountChat } = await import('/js/src/index.js');
    document.documentElement.style.setProperty('--pling-font', 'Georgia, serif');
    window.chat = mountChat(window.labApp.pling, { baseURL: url, model: 'scripted', theme: 'light' });
  }, model.url);
  expect(await scheme()).toBe('light');
  const font = await page.locator('.pling-chat .launcher').evaluate((b) => getComputedStyle(b).fontFamily);
  expect(font).toBe('Georgia, serif');
});

test('one name for the title: `title` everywhere, the old `label` still works', async ({ page }) => {
  await openLab(page);
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.evaluate(async (url) => {
    const { mountChat } = await import('/js/src/index.js');
    window.chat = mountChat(window.labApp.pling, { baseURL: url, label: 'Old helper' });
    for (const [name, value] of [['title', 'New helper'], ['label', 'Older helper']]) {
      const el = document.createElement('pling-chat');
      el.setAttribute('endpoint', url);
      el.setAttribute(name, value);
      el.pling = window.labApp.pling;
      document.body.append(el);
    }
  }, model.url);
  await expect(page.locator('div.pling-chat .launcher')).toHaveAccessibleName('Open Old helper');
  await expect(page.locator('pling-chat .launcher')).toHaveText(['New helper', 'Older helper']);
  expect(warnings.some((w) => w.includes('`label` is deprecated'))).toBe(true);
});
