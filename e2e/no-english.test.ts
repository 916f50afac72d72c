// Issue 28 item 9: nothing English in the Russian interface. Every route, visited as admin in
// Russian, shows (and says to a screen reader) no Latin word but proper names and codes: the
// words of the data itself (company and people names, references), product and file format
// names, currency and unit codes; and no catalogue key shown as it is.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser, visit } from './browser.ts';
import { ROUTES } from './routes.ts';

const e2e = useBrowser();

/** The catalogue's namespaces: a word starting with one ("resources.fields.amount") is a key
 *  shown untranslated. */
const NAMESPACES = ['ru.entry.json', 'ru.json'].flatMap((file) =>
  Object.keys(
    JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '..', 'web', 'src', 'i18n', file), 'utf8'),
    ),
  ),
);

/** Names and codes that stay Latin in Russian text. */
const PROPER = new Set([
  'Ledgerline',
  'Excel',
  'XLSX',
  'CSV',
  'PDF',
  'PNG',
  'JPEG',
  'GIF',
  'WebP',
  'ZIP',
  'USD',
  'ID',
  'IBAN',
  'BIC',
  'SWIFT',
  'ISO',
  'Ctrl',
  'Alt',
  'Enter',
  'Esc',
  'RU',
  'EN',
  'sig',
  'pdf',
  'MT',
  'CAMT',
]);

/**
 * Every Latin word of the demo data: names, references, descriptions, usernames, e-mails (not the
 * scopes' descriptions: the catalogue says those).
 */
async function dataWords(): Promise<Set<string>> {
  const { rows } = await e2e.app.db.owner.query<{ word: string }>(
    `select distinct m[1] as word
       from information_schema.tables t
       cross join lateral (
         select query_to_xml(format('select * from %I.%I', t.table_schema, t.table_name), false, true, '') as x
       ) q
       cross join lateral regexp_matches(q.x::text, '([A-Za-z]+)', 'g') m
      where t.table_schema = 'app_public' and t.table_type = 'BASE TABLE'
        and t.table_name not in ('audit_log', 'scopes')`,
  );
  return new Set(rows.map((row) => row.word));
}

describe('no English in the Russian interface', () => {
  it('every route shows and says no Latin word but names and codes', async () => {
    const allowed = await dataWords();
    const page = await signedInPage(e2e, 'admin', 'ru');
    const found = new Map<string, Set<string>>();
    for (const route of ROUTES) {
      await visit(page, route);
      await page.locator('main h1').first().waitFor();
      const text = await page.evaluate(() => {
        const labels = Array.from(
          document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'),
        ).flatMap((element) =>
          ['aria-label', 'title', 'placeholder', 'alt'].map(
            (name) => element.getAttribute(name) ?? '',
          ),
        );
        return [document.body.innerText, document.title, ...labels].join('\n');
      });
      for (const [token] of text.matchAll(/[A-Za-z][\w:.@'’-]*[A-Za-z0-9]|[A-Za-z]/g)) {
        // Codes: identifiers with digits, underscores or colons (scope codes, access keys),
        // e-mail addresses, all-capital codes (EUR, VAT ids).
        if (NAMESPACES.some((namespace) => token.startsWith(`${namespace}.`))) {
          if (!found.has(route)) found.set(route, new Set());
          found.get(route)!.add(token);
          continue;
        }
        if (/[\d_:.@]/.test(token) || /^[A-Z]{1,5}$/.test(token)) continue;
        const word = token.replace(/['’-].*$/, '');
        if (PROPER.has(word) || allowed.has(word)) continue;
        if (!found.has(route)) found.set(route, new Set());
        found.get(route)!.add(word);
      }
    }
    expect(
      Object.fromEntries([...found].map(([route, words]) => [route, [...words].sort()])),
    ).toEqual({});
  }, 300_000);
});
