import { chromium } from '@playwright/test';
import { startServer } from './scripts/serve.mjs';
const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${server.url}/bench?rows=10000`);
await page.waitForFunction(() => window.bench);
const r = await page.evaluate(async () => {
  const t = (f) => { f(); const a = performance.now(); for (let i = 0; i < 20; i++) f(); return ((performance.now() - a) / 20).toFixed(3); };
  const { PageFacts } = await import('/js/src/dom.js');
  const { scan } = await import('/js/src/attributes.js');
  return {
    inert: t(() => document.querySelector('[inert]')),
    dialogOpen: t(() => document.querySelectorAll('dialog[open]')),
    ariaModal: t(() => document.querySelectorAll('[aria-modal="true"]')),
    facts: t(() => new PageFacts()),
    scan: t(() => scan(document)),
    collect: t(() => window.bench.pling.collect()),
    stringify: t(() => JSON.stringify(window.bench.pling.collect().snapshot)),
  };
});
console.log(r);
await browser.close(); await server.close();
