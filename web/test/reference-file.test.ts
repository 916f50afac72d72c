// Clients, suppliers and projects as files (web/src/features/admin/clients/reference-file.ts): the
// export reads back as the same rows, in either CSV convention.
import { describe, expect, it } from 'vitest';
import { parseCsv, referenceCsv } from '../src/features/admin/clients/reference-file.ts';

describe('reference data files', () => {
  it('a Russian (semicolon) and an English (comma) CSV read back as the rows written', () => {
    const rows = [
      { name: 'Склад; "Север"', access_key: 'ops.north' },
      { name: 'Line\nbreak, comma', access_key: 'ops.lb' },
    ];
    for (const language of ['ru', 'en']) {
      const [header, ...data] = parseCsv(referenceCsv('projects', rows, language));
      expect(header).toEqual(['name', 'access_key']);
      expect(data).toEqual(rows.map((row) => [row.name, row.access_key]));
    }
  });

  it('a tab-separated file and blank lines are read too', () => {
    expect(parseCsv('name\taccess_key\r\n\r\nA\tops.a\r\n')).toEqual([
      ['name', 'access_key'],
      ['A', 'ops.a'],
    ]);
  });
});
