// The chat widget as a person sees it, on the orders demo against the scripted model: closed,
// open, working, answered with its steps, asking to confirm, handing a step over, and an error —
// at desktop and phone sizes, light and dark, and the panel in German. Every state is checked
// before it is pictured. The run redraws the pictures in docs/screenshots/ (the README shows
// them); PLING_SCREENSHOTS_DIR writes them elsewhere.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reply } from './model-server.mjs';
import { useModelServer } from './pages.mjs';

const model = useModelServer(test);
const OUT = process.env.PLING_SCREENSHOTS_DIR ?? 'docs/screenshots';
const STATES = ['closed', 'open', 'working', 'answered', 'confirm', 'handoff', 'error'];
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** The orders demo with its chat talking to the scripted model. */
async function open(page, hash = '', options = {}) {
  await page.goto(`/orders/${hash}`);
  await page.waitForFunction(() => window.ordersApp?.chat);
  await page.evaluate(async ({ url, options }) => {
    const { mountChat } = await import('/js/src/index.js');
    window.ordersApp.chat.destroy();
    window.ordersApp.chat = mountChat(window.ordersApp.pling, {
      baseURL: url, model: 'scripted', title: 'Orders assistant', placeholder: 'e.g. Refund order 1498',
      suggestions: ['Which orders await payment?', 'Ship every paid order'], ...options,
    });
  }, { url: model.url, options });
}

async function ask(page, text) {
  await page.locator('.pling-chat input').fill(text);
  await page.locator('.pling-chat .send').click();
}

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const scheme of ['light', 'dark']) {
    test(`the widget's states, ${size}, ${scheme}`, async ({ page }) => {
      mkdirSync(OUT, { recursive: true });
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      const panel = page.locator('.pling-chat .panel');
      const shot = (state, target = panel) => target.screenshot({ path: join(OUT, `${size}-${scheme}-${state}.png`), animations: 'disabled', caret: 'hide' });

      await open(page);
      await expect(page.locator('.pling-chat .launcher')).toBeInViewport();
      await shot('closed', page);

      await page.locator('.pling-chat .launcher').click();
      await expect(page.locator('.pling-chat input')).toBeFocused();
      await expect(page.locator('.pling-chat .suggestions button')).toHaveCount(2);
      await shot('open');

      model.script([{ hang: true }]);
      await ask(page, 'Ship order 1498.');
      await expect(page.locator('.pling-chat .send')).toHaveText('Stop');
      await expect(page.locator('.pling-chat .progress')).toBeVisible();
      await shot('working');
      await page.locator('.pling-chat .send').click();
      await expect(page.locator('.pling-chat .send')).toHaveText('Send');

      model.script([
        reply.calls([{ name: 'ship', arguments: { record: '1498' } }]),
        reply.text('**Shipped** order 1498 for Ana Lima.\n\n- status: shipped\n- total: $60.00'),
      ]);
      await ask(page, 'Ship order 1498.');
      await expect(page.locator('.pling-chat .msg.assistant.rich strong').last()).toHaveText('Shipped');
      await expect(page.locator('.pling-chat .msg.step.ok .words').last()).toContainText('Ana Lima');
      await page.locator('.pling-chat .msg.step.ok summary').last().click();
      await shot('answered');

      model.script([reply.calls([{ name: 'refund', arguments: { record: '1497' } }]), reply.text('You declined; nothing was refunded.')]);
      await ask(page, 'Refund order 1497.');
      const card = page.locator('.pling-chat .confirm').last();
      await expect(card.locator('.what')).toBeVisible();
      await expect(card).not.toContainText('1497');
      await shot('confirm');
      await card.getByRole('button', { name: /^Deny/ }).click();
      await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('You declined; nothing was refunded.');

      await open(page, '#/orders/1500');
      await page.locator('.pling-chat .launcher').click();
      model.script([reply.calls([{ name: 'take_payment', arguments: {} }])]);
      await ask(page, 'Take the card payment for this order.');
      await expect(page.locator('.pling-chat .handoff')).toContainText('needs you');
      await shot('handoff');

      model.script([reply.error(401, 'Incorrect API key provided.', { code: 'invalid_api_key' })]);
      await ask(page, 'Ship it.');
      await expect(page.locator('.pling-chat .msg.assistant.error[role=alert]')).toBeVisible();
      await shot('error');
    });
  }
}

test('the panel in German, desktop', async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, '', { locale: 'de', title: 'Bestell-Assistent', placeholder: undefined, suggestions: ['Welche Bestellungen warten auf Zahlung?'] });
  await page.locator('.pling-chat .launcher').click();
  model.script([reply.calls([{ name: 'refund', arguments: { record: '1497' } }]), reply.text('Abgelehnt; nichts wurde erstattet.')]);
  await ask(page, 'Erstatte Bestellung 1497.');
  const card = page.locator('.pling-chat .confirm').last();
  await expect(card.getByRole('button', { name: /^Erlauben/ })).toBeFocused();
  await page.locator('.pling-chat .panel').screenshot({ path: join(OUT, 'desktop-light-de.png'), animations: 'disabled', caret: 'hide' });
  await card.getByRole('button', { name: /^Ablehnen/ }).click();
  await expect(page.locator('.pling-chat .send')).toHaveText('Senden');
});

test('the README shows the pictures of every state', () => {
  const readme = readFileSync('README.md', 'utf8');
  for (const state of STATES) expect(readme).toContain(`docs/screenshots/desktop-light-${state}.png`);
  expect(readme).toContain('docs/screenshots/phone-dark-answered.png');
});
