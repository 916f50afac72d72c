import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import { createTestApp, type TestApp } from '../server/test/helpers.ts';
import { WEB_DIST } from '../server/src/app.ts';

/** Debian's Chromium, as the machines have it (never a downloaded browser). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.resolve('test-results', 'e2e');

export interface E2E {
  app: TestApp;
  base: string;
  browser: Browser;
  page: Page;
}

/**
 * The built application served by the real server on a fresh database, and a fresh browser page
 * per test. A failing test leaves a screenshot in test-results/e2e/.
 */
export function useBrowser(config: Parameters<typeof createTestApp>[0] = {}): E2E {
  const e2e = {} as E2E;
  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
      throw new Error('Build the web app first: npm run build');
    if (!fs.existsSync(CHROMIUM))
      throw new Error(
        `No Chromium at ${CHROMIUM}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH.`,
      );
    e2e.app = await createTestApp(config);
    await e2e.app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = e2e.app.app.server.address();
    e2e.base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    e2e.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterEach(async (context: TestContext) => {
    if (context.task.result?.state === 'fail' && e2e.page) {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      const name = context.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
      await e2e.page
        .screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true })
        .catch(() => {});
    }
    await e2e.page?.context().close();
  });
  afterAll(async () => {
    await e2e.browser?.close();
  });
  return e2e;
}

/** A new page in a new context (its own storage), in the given language. */
export async function newPage(e2e: E2E, language: 'ru' | 'en' = 'en'): Promise<Page> {
  const context = await e2e.browser.newContext({
    viewport: { width: 1400, height: 900 },
    baseURL: e2e.base,
  });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('ledgerline.language'))
      localStorage.setItem('ledgerline.language', lang);
  }, language);
  e2e.page = await context.newPage();
  // E2E_CPU_SLOWDOWN=4: the page's CPU four times slower, as on a loaded machine, where a render
  // comes well after the change that asked for it (finds races that a fast machine hides).
  const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
  if (slowdown > 1) await slowCpu(e2e.page, slowdown);
  // The browser's errors go to the test's output: a failure under load says what the app saw.
  e2e.page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[browser] ${message.text()}`);
  });
  return e2e.page;
}

/** The page's CPU `rate` times slower (1: as it is), with Chromium's own throttling. */
export async function slowCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

export async function signIn(page: Page, username: string, password = 'Demo#2026pass') {
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}

/** A new page signed in as a demo user, on the home screen. */
export async function signedInPage(
  e2e: E2E,
  username: string,
  language: 'ru' | 'en' = 'en',
): Promise<Page> {
  const page = await newPage(e2e, language);
  await page.goto('/login');
  await signIn(page, username);
  await page.getByTestId('greeting').waitFor();
  return page;
}
