import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import { createTestApp, login, type TestApp } from '../server/test/helpers.ts';
import { WEB_DIST } from '../server/src/app.ts';
import { expiryOf, TOKEN_KEYS } from '../web/src/session/token-store.ts';

/** Debian's Chromium, as the machines have it (never a downloaded browser). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.resolve('test-results', 'e2e');

export interface E2E {
  app: TestApp;
  base: string;
  browser: Browser;
  /** The test's last new page: a failing test's screenshot is of it. */
  page: Page;
  /** The file's warm page (below), when it has one. */
  warm?: Page;
  /** Whether the running test has taken the warm page already. */
  warmTaken: boolean;
  /** Contexts the running test opened besides the warm page's; closed after it. */
  opened: BrowserContext[];
}

const VIEWPORT = { width: 1400, height: 900 };

/**
 * The built application served by the real server on a fresh database, and a browser. A test's
 * first page is the file's warm page: one page kept from test to test, its cookies, storage,
 * listeners, routes, permissions and viewport reset before each (what a fresh context would give),
 * while its HTTP cache and the scripts its renderer has compiled stay, so a test does not pay for
 * a new renderer and a cold first load. A second page in the same test (another account beside
 * the first) gets a context of its own. A failing test leaves a screenshot in test-results/e2e/.
 */
export function useBrowser(config: Parameters<typeof createTestApp>[0] = {}): E2E {
  const e2e = { warmTaken: false, opened: [] as BrowserContext[] } as E2E;
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
    if (context.task.result?.state === 'fail' && e2e.page && !e2e.page.isClosed()) {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      const name = context.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
      await e2e.page
        .screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true })
        .catch(() => {});
    }
    // The contexts of the test's other pages are closed with it.
    const opened = new Set(e2e.opened);
    if (e2e.page && e2e.page !== e2e.warm) opened.add(e2e.page.context());
    for (const context of opened) await context.close();
    e2e.opened = [];
    e2e.warmTaken = false;
    // A failed test may leave its page in a state the next one should not inherit.
    if (context.task.result?.state === 'fail' && e2e.warm) {
      await e2e.warm.context().close();
      e2e.warm = undefined;
    }
  });
  afterAll(async () => {
    await e2e.browser?.close();
  });
  return e2e;
}

/** Puts the warm page back as a fresh context would have it, keeping its cache. */
async function reset(page: Page): Promise<void> {
  page.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const context = page.context();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  await page.setViewportSize(VIEWPORT);
  if (throttled.delete(page)) await slowCpu(page, 1);
}

/**
 * A new page in the given language, with its own storage; `stored` is what localStorage holds for
 * the application before its first page. The test's first page is the file's warm page; another
 * one in the same test has a context of its own.
 */
export async function newPage(
  e2e: E2E,
  language: 'ru' | 'en' = 'en',
  stored: Record<string, string> = {},
): Promise<Page> {
  let page: Page;
  if (e2e.warm && !e2e.warm.isClosed() && !e2e.warmTaken) {
    page = e2e.warm;
    await reset(page);
  } else {
    const context = await e2e.browser.newContext({ viewport: VIEWPORT, baseURL: e2e.base });
    page = await context.newPage();
    if (!e2e.warmTaken) e2e.warm = page;
    else e2e.opened.push(context);
  }
  e2e.warmTaken = true;
  e2e.page = page;
  // The storage is written from a document of the application's origin that is not the
  // application (its health check), so that nothing runs before the test's first page.
  await page.goto('/health');
  await page.evaluate(
    (entries) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const [name, value] of entries) localStorage.setItem(name, value);
    },
    Object.entries({ 'ledgerline.language': language, ...stored }),
  );
  // E2E_CPU_SLOWDOWN=4: the page's CPU four times slower, as on a loaded machine, where a render
  // comes well after the change that asked for it (finds races that a fast machine hides).
  const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
  if (slowdown > 1) await slowCpu(page, slowdown);
  // The browser's errors go to the test's output: a failure under load says what the app saw.
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[browser] ${message.text()}`);
  });
  return page;
}

/** Pages whose CPU is slowed down now: the warm page is put back to full speed before reuse. */
const throttled = new WeakSet<Page>();

/** The page's CPU `rate` times slower (1: as it is), with Chromium's own throttling. */
export async function slowCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  if (rate > 1) throttled.add(page);
  else throttled.delete(page);
}

export async function signIn(page: Page, username: string, password = 'Demo#2026pass') {
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}

/**
 * A new page signed in as a demo user, opened at `at`: on the home screen (its greeting drawn)
 * unless given. The session is the API's own (the login mutation the sign-in form sends), kept
 * where the application keeps a session that stays signed in; the page is loaded once, at the
 * screen the test is about. The sign-in form itself is tested in e2e/app.
 */
export async function signedInPage(
  e2e: E2E,
  username: string,
  language: 'ru' | 'en' = 'en',
  at = '/',
): Promise<Page> {
  const tokens = await login(e2e.app.app, username);
  const page = await newPage(e2e, language, {
    [TOKEN_KEYS.accessToken]: tokens.accessToken,
    [TOKEN_KEYS.expiresAt]: String(expiryOf(tokens.expiresIn)),
    [TOKEN_KEYS.refreshToken]: tokens.refreshToken,
  });
  await page.goto(at);
  if (at === '/') await page.getByTestId('greeting').waitFor();
  return page;
}

/**
 * An in-app navigation as the application's own links make it: the address pushed, the router
 * told (its popstate); returns at once, without waiting for the screen.
 */
export async function pushRoute(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
}

/**
 * Opens `route` in the application already on the page, as its own links do (a history entry and
 * the router's popstate), without loading the document again: for walks over many routes, where
 * each screen should cost its own render and not a full load, and what a walk put into the page
 * (axe-core) stays. Returns once the screen's heading is the new screen's (another element, or
 * another text or title) and its requests have ended, none for half a second (what Playwright's
 * 'networkidle' is after a full load); a screen that looks the same as the last one is loaded in
 * full instead.
 */
export async function visit(page: Page, route: string): Promise<void> {
  // The requests of the new screen: one the last screen started and ends now is not among them.
  const inFlight = new Set<Request>();
  let lastEnded = Date.now();
  const started = (request: Request) => void inFlight.add(request);
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastEnded = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const moved = await page.evaluate(async (to) => {
      const heading = () => document.querySelector('main h1');
      const before = heading();
      const text = before?.textContent;
      const title = document.title;
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      for (const deadline = performance.now() + 5000; performance.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const now = heading();
        if (now && (now !== before || now.textContent !== text || document.title !== title))
          return true;
      }
      return false;
    }, route);
    if (!moved) {
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      return;
    }
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      if (inFlight.size === 0 && Date.now() - lastEnded >= 500) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${route}: requests still in flight 30 s after the screen opened`);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
