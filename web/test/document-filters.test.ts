// The documents list's filters become the GraphQL filter the server applies, and survive the URL
// (SPEC §2 filters; issue 26: one set of codecs, chips from the shared builder).
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { readTableState, tableLink } from '../src/components/DataTable/table-state.ts';
import { documentChips } from '../src/features/documents/document-chips.ts';
import {
  DOCUMENTS_TABLE,
  documentFilter,
  moreFiltersSet,
  type DocumentFilters,
} from '../src/features/documents/document-filters.ts';
import { en } from './catalogues.ts';

const read = (query: string) => readTableState(new URLSearchParams(query), DOCUMENTS_TABLE).filters;
const none = read('');
const today = new Date(2026, 10, 25);
/** The filter's parts after the archive's (live only by default). */
const parts = (filters: Partial<DocumentFilters>) =>
  documentFilter({ ...none, ...filters }, today).and?.slice(1);

describe('document filters', () => {
  it('by default only live documents; archived is written one way (only, all), older words still read', () => {
    expect(documentFilter(none, today)).toEqual({ and: [{ isDeleted: { equalTo: false } }] });
    expect(documentFilter({ ...none, archived: 'only' }, today).and).toEqual([
      { isDeleted: { equalTo: true } },
    ]);
    expect(documentFilter({ ...none, archived: 'all' }, today).and).toEqual([]);
    expect([read('archived=yes').archived, read('archived=all').archived]).toEqual(['only', 'all']);
  });

  it('a link keeps every filter through the URL; a type or period the list does not offer reads as unset', () => {
    const filters: Partial<DocumentFilters> = {
      name: 'Lease',
      type: 'Amendment',
      expiring: '60',
      signedFrom: new Date(2026, 0, 1),
      uploadedTo: new Date(2026, 0, 31),
      archived: 'only',
    };
    const link = tableLink('/documents', DOCUMENTS_TABLE, filters);
    expect(link).toBe(
      '/documents?name=Lease&type=Amendment&expiring=60&signedFrom=2026-01-01&uploadedTo=2026-01-31&archived=only',
    );
    expect(read(link.split('?')[1]!)).toEqual({ ...none, ...filters });
    expect(read('type=Invoice&expiring=45')).toEqual(none);
  });

  it('"expiring in the next N days" is from today to today + N, both included', () => {
    expect(parts({ expiring: '30' })).toEqual([
      { expirationDate: { greaterThanOrEqualTo: '2026-11-25', lessThanOrEqualTo: '2026-12-25' } },
    ]);
  });

  it('an id that is not a uuid finds nothing (the filter still applies)', () => {
    const id = '0d7c6d4e-8f3a-4b5e-9c1d-2e3f4a5b6c7d';
    expect(parts({ id: ` ${id} ` })).toEqual([{ id: { equalTo: id } }]);
    expect(parts({ id: '12' })).toEqual([{ id: { isNull: true } }]);
  });

  it('a party is found by its legal or short name; texts are trimmed and case-insensitive', () => {
    const acme = { includesInsensitive: 'acme' };
    expect(parts({ contractor: ' acme ', principal: 'acme' })).toEqual([
      { contractor: { or: [{ legalName: acme }, { shortName: acme }] } },
      { principal: { or: [{ legalName: acme }, { shortName: acme }] } },
    ]);
  });

  it('uploaded from/to covers whole days, and the uploader and the dates are on the same file', () => {
    const from = new Date(2026, 0, 1);
    const to = new Date(2026, 0, 31);
    const who = { includesInsensitive: 'berg' };
    expect(parts({ uploadedFrom: from, uploadedTo: to, uploadedBy: 'berg' })).toEqual([
      {
        documentsFiles: {
          some: {
            uploadedAt: {
              greaterThanOrEqualTo: from.toISOString(),
              lessThan: new Date(2026, 1, 1).toISOString(),
            },
            userByUploadedBy: { or: [{ lastName: who }, { username: who }] },
          },
        },
      },
    ]);
  });

  it('"More filters" counts the set filters it holds, not the toolbar\'s', () => {
    expect(moreFiltersSet({ ...none, name: 'x', type: 'Offer', expiring: '30' })).toBe(0);
    expect(moreFiltersSet({ ...none, comments: 'x', signedTo: today, archived: 'only' })).toBe(3);
  });

  it('each set filter has a chip in the reader’s words; removing it restores its default', async () => {
    const i18n = createInstance();
    await i18n.init({
      resources: { en: { translation: en } },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
    const removed: [string, unknown][] = [];
    const chips = documentChips(
      {
        ...none,
        name: 'Lease',
        type: 'Amendment',
        expiring: '90',
        signedFrom: today,
        archived: 'only',
      },
      (name, initial) => removed.push([name, initial]),
      i18n.t,
      'en',
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      'Name: Lease',
      'Type: Amendment',
      'Expiring in the next 90 days',
      'Signed from: 11/25/2026',
      'Archived only',
    ]);
    chips.forEach((chip) => chip.onRemove());
    expect(removed).toEqual([
      ['name', ''],
      ['type', ''],
      ['expiring', ''],
      ['signedFrom', null],
      ['archived', ''],
    ]);
  });
});
