// What the browser specs share: opening the demo pages once they are ready, and a scripted
// model server started fresh for each test.
import { startModelServer } from './model-server.mjs';

/** @param {import('@playwright/test').Page} page */
export async function openTodos(page) {
  await page.goto('/todos');
  await page.waitForFunction(() => window.todoApp);
}

/** @param {import('@playwright/test').Page} page */
export async function openLab(page) {
  await page.goto('/lab');
  await page.waitForFunction(() => window.labApp);
}

/**
 * Mounts a chat on the page's Pling instance (`window[app].pling`) talking to the scripted
 * model at `url`, and opens it.
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @param {{app?: string, title?: string}} [options]
 */
export async function openChat(page, url, { app = 'labApp', title = 'Helper' } = {}) {
  await page.evaluate(async ({ url, app, title }) => {
    const { mountChat } = await import('/js/src/index.js');
    window.chat = mountChat(window[app].pling, { baseURL: url, model: 'scripted', title });
    window.chat.open();
  }, { url, app, title });
}

/**
 * A scripted model server for every test of the file: started before each, closed after.
 * @param {typeof import('@playwright/test').test} test
 * @returns {{readonly url: string, readonly requests: any[], script(steps: object[]): void}}
 */
export function useModelServer(test) {
  let server = null;
  test.beforeEach(async () => {
    server = await startModelServer();
  });
  test.afterEach(async () => {
    await server.close();
  });
  return {
    get url() {
      return server.url;
    },
    get requests() {
      return server.requests;
    },
    script: (steps) => server.script(steps),
    respondWith: (fn) => server.respondWith(fn),
  };
}
