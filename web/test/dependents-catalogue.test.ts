// A refused delete names what depends on the record in words ("3 платежа"), never as a table
// name ("payments: 88"): every table whose rows can keep a reference record from being deleted
// (a restricting foreign key to one, db/schema.sql) has a text in both catalogues.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, ru } from './catalogues.ts';

const PARENTS = [
  'clients',
  'suppliers',
  'subsidiaries',
  'services',
  'projects',
  'cost_types',
  'roles',
];

function dependentTables(): string[] {
  const schema = fs.readFileSync(
    path.join(import.meta.dirname, '..', '..', 'db', 'schema.sql'),
    'utf8',
  );
  const tables = new Set<string>();
  let table = '';
  for (const line of schema.split('\n')) {
    table = /^create table \w+\.(\w+)/.exec(line)?.[1] ?? table;
    const reference = /FOREIGN KEY \(\w+\) REFERENCES \w+\.(\w+)\(\w+\)(.*)/.exec(line);
    if (reference && PARENTS.includes(reference[1]!) && !/CASCADE|SET NULL/.test(reference[2]!)) {
      tables.add(table);
    }
  }
  return [...tables].sort();
}

describe('what keeps a record from being deleted, in words', () => {
  it('finds the dependent tables in the schema', () => {
    expect(dependentTables()).toEqual(expect.arrayContaining(['bills', 'invoices', 'payments']));
  });

  it('every dependent table has a text in ru and en', () => {
    for (const catalogue of [ru, en]) {
      const texts = catalogue.clients.dependents as Record<string, string>;
      expect(dependentTables().filter((table) => !texts[`${table}_one`])).toEqual([]);
    }
  });
});
