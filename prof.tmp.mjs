import { chromium } from '@playwright/test';
import { startServer } from './scripts/serve.mjs';
const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${server.url}/bench?rows=${process.argv[2] ?? 10000}`);
await page.waitForFunction(() => window.bench);
await page.evaluate(() => window.bench.pling.collect());
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await cdp.send('Profiler.start');
await page.evaluate(() => { for (let i = 0; i < 20; i++) window.bench.pling.collect(); });
const { profile } = await cdp.send('Profiler.stop');
const self = new Map();
const dt = profile.timeDeltas; const byId = new Map(profile.nodes.map(n => [n.id, n]));
for (let i = 0; i < profile.samples.length; i++) { const n = byId.get(profile.samples[i]); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); }
console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,25).map(([k,v])=>`${(v/1000/20).toFixed(2)}ms ${k}`).join('\n'));
await browser.close(); await server.close();
