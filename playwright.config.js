// Browser tests: Playwright driving Debian's Chromium against the demo pages.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/chromium.mjs';

const port = Number(process.env.PLING_TEST_PORT ?? 4791);

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.js',
  timeout: 30_000,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://127.0.0.1:${port}/`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 15_000,
  },
});
