// How the server sends the built web application (DESIGN §8): precompressed, hashed assets cached
// for good, index.html always checked, no source maps, a production build.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../src/app.ts';
import { FIRST_LOAD_LIMIT, firstLoad } from '../../web/scripts/first-load.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let asset: string;

beforeAll(async () => {
  t = await createTestApp();
  const assets = fs.readdirSync(path.join(WEB_DIST, 'assets'));
  asset = assets.filter((file) => file.endsWith('.js')).sort()[0]!;
});

describe('the built web application', () => {
  it('hashed assets go out precompressed (brotli, else gzip) and cached as immutable', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: `/assets/${asset}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await t.app.inject({
      method: 'GET',
      url: `/assets/${asset}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('index.html (and every client route) is served with no-cache', async () => {
    for (const url of ['/', '/invoices/12']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('the page names its icon, which is served as an image (not the page in its place)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(page.body)?.[1];
    expect(href).toBe('/favicon.svg');
    const icon = await t.app.inject({ method: 'GET', url: href! });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toContain('<svg');
  });

  it('is a production build without source maps', () => {
    const assets = fs.readdirSync(path.join(WEB_DIST, 'assets'));
    expect(assets.filter((file) => file.endsWith('.map'))).toEqual([]);
    const code = assets
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(WEB_DIST, 'assets', file), 'utf8'))
      .join('\n');
    // React's development build names its JSX runtime and warns about keys; production does not.
    expect(code).not.toMatch(/jsx-dev-runtime|Each child in a list should have a unique "key"/);
  });

  it('DESIGN §8: the sign-in page needs at most 150 kB of gzip JavaScript, with no component library', () => {
    const { files, total } = firstLoad();
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_LIMIT);
    const code = files
      .map((file) => fs.readFileSync(path.join(WEB_DIST, file.file), 'utf8'))
      .join('\n');
    // MUI, emotion, formik, yup, AG Grid and react-query come with the application, after sign-in.
    expect(code).not.toMatch(/MuiButton|@emotion|formik|ValidationError|ag-grid|QueryClient/);
  });
});
