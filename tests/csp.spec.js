// The demos under a strict Content-Security-Policy, served with the header: with
// 'wasm-unsafe-eval' (the one source the engine needs) the widget is styled, acts, asks and
// answers with no policy violation and no Trusted Types error; without it, the widget still
// appears and says why, and the author gets one console error naming the directive.
import { test, expect } from '@playwright/test';
import { startServer } from '../scripts/serve.mjs';
import { reply } from './model-server.mjs';
import { useModelServer } from './pages.mjs';

const model = useModelServer(test);
const STRICT = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; require-trusted-types-for 'script'";
const NO_WASM = "default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'";

/**
 * A dev server that sends `csp` with every file and forwards /v1 to the scripted model; what
 * the page reports (errors, its own console errors, violations other than the demos' data:
 * favicon) is collected.
 */
async function underPolicy(page, csp) {
  const server = await startServer({ model: model.url, modelName: 'scripted', headers: { 'content-security-policy': csp } });
  const seen = { pageErrors: [], plingErrors: [], violations: [] };
  page.on('pageerror', (e) => seen.pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().startsWith('[pling]')) seen.plingErrors.push(m.text());
  });
  await page.exposeFunction('reportViolation', (v) => seen.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.effectiveDirective !== 'img-src') /** @type {any} */ (window).reportViolation(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  return { server, seen };
}

test('under a strict policy with wasm-unsafe-eval, the orders demo and its widget work in full', async ({ page }) => {
  const { server, seen } = await underPolicy(page, STRICT);
  try {
    await page.goto(`${server.url}/orders/`);
    await page.waitForFunction(() => window.ordersApp?.chat);
    const launcher = page.locator('.pling-chat .launcher');
    // Styled: the adopted stylesheet applies (a stripped <style> would leave a grey default button).
    expect(await launcher.evaluate((b) => getComputedStyle(b).position)).toBe('fixed');
    await launcher.click();
    model.script([
      reply.calls([{ name: 'ship', arguments: { record: '1498' } }]),
      reply.text('**Shipped** order 1498.\n\n- status: shipped'),
    ]);
    await page.locator('.pling-chat input').fill('Ship order 1498.');
    await page.keyboard.press('Enter');
    await expect(page.locator('.pling-chat .msg.assistant.rich strong')).toHaveText('Shipped');
    await expect(page.locator('.pling-chat .msg.step.ok')).toHaveCount(1);
    model.script([reply.calls([{ name: 'refund', arguments: { record: '1497' } }]), reply.text('Refunded.')]);
    await page.locator('.pling-chat input').fill('Refund order 1497.');
    await page.keyboard.press('Enter');
    await page.locator('.pling-chat .confirm button.allow').click();
    await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('Refunded.');
    expect(seen.pageErrors).toEqual([]);
    expect(seen.violations).toEqual([]);
    expect(seen.plingErrors).toEqual([]);
  } finally {
    await server.close();
  }
});

test('without wasm-unsafe-eval, the widget appears, says why, and the console names the directive once', async ({ page }) => {
  const { server, seen } = await underPolicy(page, NO_WASM);
  try {
    await page.goto(`${server.url}/plain/chat.html`);
    const launcher = page.locator('.pling-chat .launcher');
    await expect(launcher).toBeVisible();
    expect(await launcher.evaluate((b) => getComputedStyle(b).position)).toBe('fixed');
    await launcher.click();
    const why = page.locator('.pling-chat .msg.assistant.error');
    await expect(why).toContainText("security policy does not allow its engine");
    await expect(why).toContainText("'wasm-unsafe-eval'");
    await expect(why).toHaveAttribute('role', 'alert');
    // Trying to send does not start it either; the author is told once.
    await page.locator('.pling-chat input').fill('Mark the milk as bought.');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(seen.plingErrors).toHaveLength(1);
    expect(seen.plingErrors[0]).toContain("'wasm-unsafe-eval'");
    expect(seen.plingErrors[0]).toContain('script-src');
    expect(seen.pageErrors).toEqual([]);
    // The only thing the policy blocked is the engine's compilation.
    expect(new Set(seen.violations)).toEqual(new Set(['script-src wasm-eval']));
  } finally {
    await server.close();
  }
});
