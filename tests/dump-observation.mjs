// Prints the system message and tools Pling would send on a page of the demo server:
// `node tests/dump-observation.mjs /orders/ ordersApp`. For reading what the model reads.
import { launchChromium } from './chromium.mjs';
import { startServer } from '../scripts/serve.mjs';

const [path = '/orders/', app = 'ordersApp'] = process.argv.slice(2);
const server = await startServer({ port: 0 });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(new URL(path, server.url).href);
  await page.waitForFunction((name) => window[name]?.pling, app);
  const o = await page.evaluate(async (name) => {
    const pling = window[name].pling;
    const { system, tools } = await pling.observe();
    return { system, tools };
  }, app);
  console.log(o.system);
  console.log('\n--- tools ---');
  console.log(JSON.stringify(o.tools));
} finally {
  await browser.close();
  await server.close();
}
