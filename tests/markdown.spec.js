// The chat's answers as Markdown: what a model writes reads as lists, emphasis, code and links,
// and nothing it writes — HTML, scripts, handlers, images, javascript: links — runs, loads or
// reaches the page.
import { test, expect } from '@playwright/test';
import { reply } from './model-server.mjs';
import { openChat, openLab, useModelServer } from './pages.mjs';

const model = useModelServer(test);

const HOSTILE = [
  'Here is what I found:',
  '',
  '- **Shipped**: order `1498`',
  '- *Refunded*: none',
  '',
  '1. first',
  '2. second',
  '',
  '```',
  'const x = "<b>not bold</b>";',
  '```',
  '',
  '> quoted',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '<script>window.pwned = "script"</script>',
  '<img src="x" onerror="window.pwned = \'img\'">',
  '<a href="https://example.com/" onclick="window.pwned = \'click\'">raw link</a>',
  '<iframe src="https://example.com/"></iframe><style>body { display: none }</style>',
  '',
  'Inline <b onmouseover="window.pwned = 1">html</b> too.',
  '',
  '[safe](https://example.com/docs) and [bad](javascript:window.pwned=1) and [data](data:text/html,hi)',
  '![leak](LEAK)',
].join('\n');

async function ask(page, answer) {
  await openLab(page);
  model.script([reply.text(answer)]);
  await openChat(page, model.url);
  await page.locator('.pling-chat input').fill('What happened?');
  await page.locator('.pling-chat .send').click();
  const answerEl = page.locator('.pling-chat .msg.assistant.rich').last();
  await expect(answerEl).toBeVisible();
  return answerEl;
}

test('an answer in Markdown reads as rich text', async ({ page }) => {
  const el = await ask(page, HOSTILE.replace('LEAK', 'https://example.com/x.png'));
  await expect(el.locator('ul > li strong')).toHaveText('Shipped');
  await expect(el.locator('ul > li em')).toHaveText('Refunded');
  await expect(el.locator('li code')).toHaveText('1498');
  await expect(el.locator('ol > li')).toHaveCount(2);
  await expect(el.locator('pre code')).toHaveText('const x = "<b>not bold</b>";');
  await expect(el.locator('blockquote')).toHaveText('quoted');
  await expect(el.locator('table td')).toHaveText(['1', '2']);
  const safe = el.locator('a', { hasText: 'safe' });
  await expect(safe).toHaveAttribute('href', 'https://example.com/docs');
  await expect(safe).toHaveAttribute('target', '_blank');
  await expect(safe).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  // Its look comes with the renderer: whitespace as rich text flows, a table with its borders.
  await expect(el).toHaveCSS('white-space', 'normal');
  await expect(el.locator('table td').first()).toHaveCSS('border-top-style', 'solid');
  await expect(el.locator('ul')).toHaveCSS('padding-left', '20px');
});

test('HTML, handlers, scripts, images and unsafe links in an answer do nothing', async ({ page }) => {
  const leaks = [];
  page.on('request', (r) => { if (r.url().includes('/leak')) leaks.push(r.url()); });
  const el = await ask(page, HOSTILE.replace('LEAK', `${model.url}/leak?secret=1`));
  // Raw HTML is shown as the text it is; none of it became an element.
  await expect(el).toContainText('<script>window.pwned = "script"</script>');
  await expect(el).toContainText('<img src="x"');
  for (const tag of ['script', 'img', 'iframe', 'style', 'b']) await expect(el.locator(tag)).toHaveCount(0);
  await expect(el).toContainText('Inline <b onmouseover="window.pwned = 1">html</b> too.');
  await expect(el.locator('[onclick], [onerror]')).toHaveCount(0);
  // Links other than http(s) and mailto keep their words and lose their address.
  await expect(el.locator('a', { hasText: 'bad' })).not.toHaveAttribute('href', /./);
  await expect(el.locator('a', { hasText: 'data' })).not.toHaveAttribute('href', /./);
  await el.locator('a', { hasText: 'bad' }).click();
  // An image is its words and address as text: nothing is fetched.
  await expect(el).toContainText(`leak (${model.url}/leak?secret=1)`);
  await page.waitForTimeout(200);
  expect(leaks).toEqual([]);
  expect(await page.evaluate(() => window.pwned)).toBeUndefined();
  await expect(page.locator('body')).toBeVisible();
});

test('an answer stays plain text when the renderer cannot load', async ({ page }) => {
  await page.route('**/js/dist/markdown.js', (route) => route.abort());
  await openLab(page);
  model.script([reply.text('**Done**: nothing <b>changed</b>.')]);
  await openChat(page, model.url);
  await page.locator('.pling-chat input').fill('Anything?');
  await page.locator('.pling-chat .send').click();
  const el = page.locator('.pling-chat .msg.assistant').last();
  await expect(el).toHaveText('**Done**: nothing <b>changed</b>.');
  await page.waitForTimeout(200);
  await expect(el.locator('b, strong')).toHaveCount(0);
});

test('without constructed stylesheets the rich answers\' styles come once, however many answers', async ({ page }) => {
  await page.addInitScript(() => { delete CSSStyleSheet.prototype.replaceSync; });
  await openLab(page);
  model.script([reply.text('**First** answer.'), reply.text('*Second* answer.')]);
  await openChat(page, model.url);
  for (const ask of ['One?', 'Two?']) {
    await page.locator('.pling-chat input').fill(ask);
    await page.locator('.pling-chat .send').click();
  }
  await expect(page.locator('.pling-chat .msg.assistant.rich')).toHaveCount(2);
  await expect(page.locator('.pling-chat .msg.assistant.rich').last()).toHaveCSS('white-space', 'normal');
  const styles = await page.evaluate(() => {
    const host = [...document.querySelectorAll('*')].find((el) => el.shadowRoot?.querySelector('.panel'));
    return [...host.shadowRoot.querySelectorAll('style')].map((s) => (s.textContent.includes('.msg.rich') ? 'rich' : 'widget'));
  });
  expect(styles.sort()).toEqual(['rich', 'widget']);
});
