// Trusted documents (docs/operations.md): the production build of the web app against a server in
// production mode, which runs only the web app's own documents named by their hash. Every request
// the app sends names its document by id, and every screen of the menu loads without a refusal.
import { describe, expect, it } from 'vitest';
import { newPage, signIn, useBrowser } from './browser.ts';

const e2e = useBrowser({ production: true });

describe('trusted documents', () => {
  // Every screen of the menu, each loaded until the network is quiet: about 20 s alone, and under
  // load more than the default 30 s.
  it(
    'the built app names every document by its hash, and a production server runs every screen of the menu',
    { timeout: 120_000 },
    async () => {
      const page = await newPage(e2e);
      const sent: { method: string; documentId: unknown; query: unknown }[] = [];
      const answers: Promise<string | undefined>[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname !== '/graphql') return;
        const body =
          request.method() === 'POST'
            ? (request.postDataJSON() as Record<string, unknown>)
            : Object.fromEntries(url.searchParams);
        sent.push({ method: request.method(), documentId: body.documentId, query: body.query });
      });
      page.on('response', (response) => {
        if (new URL(response.url()).pathname !== '/graphql') return;
        answers.push(
          response
            .text()
            .then((text) =>
              response.status() !== 200 || text.includes('"errors"')
                ? `${response.status()} ${text}`
                : undefined,
            )
            .catch(() => undefined),
        );
      });
      await page.goto('/login');
      await signIn(page, 'admin');
      await page.getByTestId('greeting').waitFor();
      const screens = await page
        .locator('[data-testid="navigation"] a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(screens.length).toBeGreaterThan(10);
      for (const screen of screens) {
        await page.goto(screen, { waitUntil: 'networkidle' });
      }
      const refusals = (await Promise.all(answers)).filter(Boolean);
      expect(refusals).toEqual([]);
      expect(sent.length).toBeGreaterThan(screens.length);
      for (const request of sent) {
        expect(request.documentId).toMatch(/^[0-9a-f]{64}$/);
        expect(request.query).toBeUndefined();
      }
      expect(sent.some((request) => request.method === 'POST')).toBe(true);
      expect(sent.some((request) => request.method === 'GET')).toBe(true);
    },
  );
});
