// How every script outside the Playwright runner starts Chromium: Debian's build, headless,
// with nothing that reaches the network or does background work (the same flags as
// playwright.config.js).
import { chromium } from '@playwright/test';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Launches Chromium (`CHROMIUM` picks another binary); `extra` flags are added to the usual ones. */
export function launchChromium(extra = []) {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extra] });
}
