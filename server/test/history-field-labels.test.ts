// Every user-visible string in both languages: a history (a record's, the audit log's details)
// names each changed field by its label (history.fields in web/src/i18n), and a field without
// one showed its column name in English ("reference: — → CSV-1" in Russian). Every column an
// audited update can change has its label in Russian and in English.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_FIELDS } from '../../web/src/components/history/hidden-fields.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

/** The labels of history.fields in a language's catalogue. */
const labels = (language: 'ru' | 'en'): Record<string, string | undefined> =>
  (
    JSON.parse(
      fs.readFileSync(new URL(`../../web/src/i18n/${language}.json`, import.meta.url), 'utf8'),
    ) as { history: { fields: Record<string, string> } }
  ).history.fields;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('history field labels', () => {
  it('every column an audited update records is named in Russian and in English', async () => {
    const { rows } = await db.owner.query<{ table: string; column: string }>(
      `select distinct c.relname as table, a.attname as column
         from pg_trigger t
         join pg_class c on c.oid = t.tgrelid
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'app_public'
         join pg_proc p on p.oid = t.tgfoid and p.proname = 'tg__audit'
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        -- the changes of an update: every column, or those an UPDATE OF trigger names
        where t.tgtype & 16 <> 0
          and (cardinality(t.tgattr::int2[]) = 0 or a.attnum = any(t.tgattr::int2[]))
        order by 1, 2`,
    );
    const tables = new Set(rows.map((row) => row.table));
    expect(tables).toContain('invoices');
    expect(tables).toContain('payments');
    const catalogue = { ru: labels('ru'), en: labels('en') };
    const missing = rows
      .filter(({ column }) => !HIDDEN_FIELDS.has(column))
      .flatMap(({ table, column }) =>
        (['ru', 'en'] as const)
          .filter((language) => !catalogue[language][column])
          .map((language) => `${table}.${column} (${language})`),
      );
    expect(missing).toEqual([]);
  });
});
