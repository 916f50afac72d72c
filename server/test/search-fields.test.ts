// The web app's search fields (web/src/components/form/search) send their own documents: each one
// must be accepted by the API, find what was typed, and stay within SPEC §9's limits.
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SOURCES, type SearchKind } from '../../web/src/components/form/search/sources.ts';
import { createTestApp, gql, login, type TestApp } from './helpers.ts';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  token = (await login(app.app, 'admin')).accessToken;
});

async function search(kind: SearchKind, typed: string) {
  const source = SEARCH_SOURCES[kind];
  const result = await gql(
    app.app,
    String(source.document),
    source.variables(typed) as Record<string, unknown>,
    token,
  );
  expect(result.errors, `${kind} "${typed}"`).toBeUndefined();
  return (source.options as (data: unknown) => { value: string; label: string }[])(result.data);
}

describe('search fields: every kind is accepted by the API and finds what was typed', () => {
  const typedFor: Record<SearchKind, string> = {
    client: 'a',
    supplier: 'a',
    subsidiary: '',
    project: 'ops',
    service: 'e',
    costType: 'e',
    user: 'adm',
    currency: 'us',
    scope: 'invoice',
  };
  for (const kind of Object.keys(SEARCH_SOURCES) as SearchKind[]) {
    it(`${kind}: nothing typed lists the first ones; typed text narrows them`, async () => {
      const all = await search(kind, '');
      expect(all.length).toBeGreaterThan(0);
      const typed = typedFor[kind];
      const found = await search(kind, typed);
      expect(found.length).toBeGreaterThan(0);
      if (!SEARCH_SOURCES[kind].onScreen && typed) {
        for (const option of found) {
          const text = JSON.stringify(option).toLowerCase();
          expect(text, `${kind} option ${option.label}`).toContain(typed.toLowerCase());
        }
      }
    });
  }

  it('SPEC §9: currency and scope searches return at most 25', async () => {
    expect((await search('currency', '')).length).toBeLessThanOrEqual(25);
    expect((await search('scope', '')).length).toBeLessThanOrEqual(25);
  });

  it('a currency is found by its Russian name as well as by code and English name, in any case', async () => {
    const codes = async (typed: string) => (await search('currency', typed)).map((o) => o.value);
    expect(await codes('евро')).toEqual(['EUR']);
    expect(await codes('ЕВРО')).toEqual(['EUR']);
    expect(await codes('Euro')).toContain('EUR');
    const dollars = await codes('доллар');
    expect(dollars).toEqual(expect.arrayContaining(['USD', 'AUD', 'CAD']));
    expect(await codes('рубль')).toContain('RUB');
  });

  it('a typed % or _ is taken literally, not as a pattern', async () => {
    expect(await search('currency', '%')).toEqual([]);
    // As a pattern "a_e" would match "validate" and "create"; taken literally it matches only
    // names with "a_e" in them.
    for (const option of await search('scope', 'a_e')) expect(option.value).toContain('a_e');
    expect((await search('scope', 'ate')).length).toBeGreaterThan(0);
  });
});
