// Counterparty identity (issue 29): Russian tax numbers with their check digits, suppliers' tax
// ids by country, one live client or supplier per tax id, similar companies found by tax id,
// countries from ISO 3166, project access keys made of words, role names unique whatever the case.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeInn, completeOgrn, withWrongCheckDigit } from '../src/db/tax-ids.ts';
import {
  asUser,
  createTestApp,
  errorCode,
  gql,
  login,
  type TestApp,
  type TestDatabase,
} from './helpers.ts';

let t: TestApp;
let db: TestDatabase;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  admin = (await login(t.app, 'admin')).accessToken;
});
afterAll(async () => {
  await t.app.close();
});

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
/** Random organisation (10) and person (12) ИНН, ОГРН (13) and ОГРНИП (15), valid. */
const validInn = () => completeInn(randomInt(2) ? digits(9) : digits(10));
const validOgrn = () => completeOgrn(randomInt(2) ? `1${digits(11)}` : `3${digits(13)}`);

/** The code a statement is refused with as the admin: the hint of our functions, or the constraint. */
async function refusal(sql: string, params: unknown[] = []): Promise<string | undefined> {
  return asUser(db, 'admin', async (client) => {
    try {
      await client.query(sql, params);
      return undefined;
    } catch (error) {
      const e = error as { code?: string; hint?: string; constraint?: string };
      return e.code === 'LL001' ? e.hint : (e.constraint ?? e.code);
    }
  });
}

const insertClient = (taxId: string | null, extra: Record<string, string> = {}) =>
  refusal(
    `insert into app_public.clients (legal_name, tax_id, registration_number, tax_reason_code, country)
     values ('Check digits LLC', $1, $2, $3, $4)`,
    [taxId, extra.registration ?? null, extra.reason ?? null, extra.country ?? null],
  );

describe('ИНН, ОГРН and КПП check digits', () => {
  it('a client with a generated valid ИНН (10 and 12 digits) is accepted, the same with a wrong check digit refused', async () => {
    for (let i = 0; i < 20; i++) {
      const inn = validInn();
      expect(await insertClient(inn), inn).toBeUndefined();
      expect(await insertClient(withWrongCheckDigit(inn)), inn).toBe('clients_tax_id_checksum');
    }
    // A 12-digit ИНН whose 11th digit is wrong, the 12th computed from it.
    const person = completeInn(digits(10));
    const badEleventh = person.slice(0, 10) + String((Number(person[10]) + 1) % 10);
    expect(await insertClient(completeLast12(badEleventh))).toBe('clients_tax_id_checksum');
    expect(await insertClient('12345678')).toBe('clients_tax_id_format');
  });

  it('ОГРН (13) and ОГРНИП (15) need their check digit; other lengths are refused', async () => {
    for (let i = 0; i < 20; i++) {
      const ogrn = validOgrn();
      expect(await insertClient(null, { registration: ogrn }), ogrn).toBeUndefined();
      expect(await insertClient(null, { registration: withWrongCheckDigit(ogrn) })).toBe(
        'clients_registration_number_checksum',
      );
    }
    expect(await insertClient(null, { registration: digits(14) })).toBe(
      'clients_registration_number_format',
    );
  });

  it('КПП is 9 characters: four digits, two digits or capital letters, three digits', async () => {
    expect(await insertClient(null, { reason: '7701AB001' })).toBeUndefined();
    expect(await insertClient(null, { reason: '77010100' })).toBe('clients_tax_reason_code_format');
    expect(await insertClient(null, { reason: 'AB0101001' })).toBe(
      'clients_tax_reason_code_format',
    );
  });

  it('the API answers a wrong check digit with its code and message', async () => {
    const result = await gql(
      t.app,
      `mutation($taxId: String) { createClient(input: { client: { legalName: "Wrong digit LLC", taxId: $taxId } }) { client { id } } }`,
      { taxId: withWrongCheckDigit(validInn()) },
      admin,
    );
    expect(errorCode(result)).toBe('TaxIdChecksum');
    const ogrn = await gql(
      t.app,
      `mutation($r: String) { createClient(input: { client: { legalName: "Wrong OGRN LLC", registrationNumber: $r } }) { client { id } } }`,
      { r: withWrongCheckDigit(validOgrn()) },
      admin,
    );
    expect(errorCode(ogrn)).toBe('RegistrationNumberChecksum');
  });
});

/** A 12-digit ИНН whose 12th digit is computed from the first 11 as given (right or wrong). */
function completeLast12(eleven: string): string {
  const weights = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
  const sum = weights.reduce((total, w, i) => total + w * Number(eleven[i]), 0);
  return eleven + String((sum % 11) % 10);
}

describe('one live company per tax id', () => {
  it('a second live client with the same ИНН is refused; an archived one does not count', async () => {
    const inn = validInn();
    await db.owner.query(
      `insert into app_public.clients (legal_name, tax_id) values ('First holder LLC', $1)`,
      [inn],
    );
    expect(await insertClient(inn)).toBe('clients_tax_id_unique');
    const result = await gql(
      t.app,
      `mutation($taxId: String) { createClient(input: { client: { legalName: "Second holder", taxId: $taxId } }) { client { id } } }`,
      { taxId: inn },
      admin,
    );
    expect(errorCode(result)).toBe('TaxIdTaken');
    await db.owner.query(`update app_public.clients set is_archived = true where tax_id = $1`, [
      inn,
    ]);
    expect(await insertClient(inn)).toBeUndefined();
  });

  it('suppliers: an ИНН in Russia, the VAT number of its own country in the EU, unique among live suppliers', async () => {
    const supplier = (country: string, taxId: string) =>
      refusal(
        `insert into app_public.suppliers (legal_name, country, tax_id) values ('Tax id test', $1, $2)`,
        [country, taxId],
      );
    const inn = validInn();
    expect(await supplier('RU', inn)).toBeUndefined();
    expect(await supplier('RU', withWrongCheckDigit(inn))).toBe('suppliers_tax_id_valid');
    expect(await supplier('DE', 'DE234567891')).toBeUndefined();
    expect(await supplier('DE', 'de 345 678 912')).toBeUndefined(); // stored as DE345678912
    expect(await supplier('DE', 'DE12345678')).toBe('suppliers_tax_id_valid');
    expect(await supplier('FR', 'DE234567891')).toBe('suppliers_tax_id_valid');
    expect(await supplier('NL', 'NL234567891B02')).toBeUndefined();
    expect(await supplier('GR', 'EL123456789')).toBeUndefined();
    await db.owner.query(
      `insert into app_public.suppliers (legal_name, country, tax_id) values ('Holder GmbH', 'DE', 'DE999999999')`,
    );
    expect(await supplier('DE', 'DE999999999')).toBe('suppliers_tax_id_unique');
    const result = await gql(
      t.app,
      `mutation { createSupplier(input: { supplier: { legalName: "Bad VAT", country: "DE", taxId: "DE1" } }) { supplier { id } } }`,
      {},
      admin,
    );
    expect(errorCode(result)).toBe('InvalidSupplierTaxId');
  });

  it('similar companies are found by tax id as well as by name', async () => {
    const inn = validInn();
    await db.owner.query(
      `insert into app_public.clients (legal_name, tax_id) values ('Quite Different Name JSC', $1)`,
      [inn],
    );
    const result = await gql(
      t.app,
      `query($taxId: String) { similarCompanies(name: "Nothing alike", taxId: $taxId) { nodes { legalName type } } }`,
      { taxId: inn },
      admin,
    );
    expect(result.data?.similarCompanies.nodes).toEqual([
      { legalName: 'Quite Different Name JSC', type: 'client' },
    ]);
  });
});

describe('countries from ISO 3166', () => {
  it('a country is stored as its code; a name in English or Russian becomes the code; an unknown one is refused', async () => {
    const country = async (value: string) =>
      asUser(db, 'admin', async (client) => {
        const { rows } = await client.query<{ country: string }>(
          `insert into app_public.suppliers (legal_name, country) values ('Country test', $1) returning country`,
          [value],
        );
        return rows[0]!.country;
      });
    expect(await country('DE')).toBe('DE');
    expect(await country('Russian Federation')).toBe('RU');
    expect(await country('Германия')).toBe('DE');
    expect(await country('united kingdom')).toBe('GB');
    const unknown = await gql(
      t.app,
      `mutation { createSupplier(input: { supplier: { legalName: "Nowhere Ltd", country: "Atlantis" } }) { supplier { id } } }`,
      {},
      admin,
    );
    expect(errorCode(unknown)).toBe('UnknownCountry');
  });

  it('the demo companies have ISO codes', async () => {
    const { rows } = await db.owner.query(
      `select country from app_public.clients where country not in (select code from app_public.countries)
       union all select country from app_public.suppliers where country not in (select code from app_public.countries)
       union all select country from app_public.subsidiaries where country not in (select code from app_public.countries)`,
    );
    expect(rows).toEqual([]);
  });
});

describe('access keys and role names', () => {
  it('an access key is words joined by single dots: ".", ".a", "a." and "a..b" are refused', async () => {
    for (const key of ['.', '..', '.a', 'a.', 'a..b']) {
      expect(
        await refusal(`insert into app_public.projects (name, access_key) values ($1, $2)`, [
          `Key ${key}`,
          key,
        ]),
        key,
      ).toBe('projects_access_key_words');
    }
    expect(
      await refusal(
        `insert into app_public.projects (name, access_key) values ('Key ok', 'ops.a_b.c1')`,
      ),
    ).toBeUndefined();
    const result = await gql(
      t.app,
      `mutation { createProject(input: { project: { name: "Dot", accessKey: "." } }) { project { id } } }`,
      {},
      admin,
    );
    expect(errorCode(result)).toBe('InvalidAccessKey');
  });

  it('role names that differ only by case or spaces are refused', async () => {
    const { rows } = await db.owner.query<{ name: string }>(
      'select name from app_public.roles limit 1',
    );
    const name = rows[0]!.name;
    expect(
      await refusal(`insert into app_public.roles (name) values ($1)`, [` ${name.toUpperCase()} `]),
    ).toBe('roles_name_unique_ci');
    const result = await gql(
      t.app,
      `mutation($name: String!) { createRole(input: { name: $name, scopes: ["invoice:read"] }) { result { id } } }`,
      { name: name.toUpperCase() },
      admin,
    );
    expect(errorCode(result)).toBe('RoleNameTaken');
  });
});

describe('import of clients, suppliers and projects (all or nothing)', () => {
  const IMPORT = `mutation($kind: String!, $rows: JSON!, $dryRun: Boolean) {
    importReferenceData(input: { kind: $kind, rows: $rows, dryRun: $dryRun }) { result { line code } } }`;
  const count = async (sql: string) => (await db.owner.query(sql)).rows[0].n as number;

  it('a check lists each row’s problems by line and writes nothing; a later row repeating an earlier one is found', async () => {
    const inn = validInn();
    const rows = [
      { legal_name: 'Import One LLC', tax_id: inn, country: 'Russia' },
      { legal_name: 'Import Two LLC', tax_id: withWrongCheckDigit(validInn()) },
      { legal_name: 'Import Three LLC', tax_id: inn },
      { legal_name: '', country: 'Atlantis' },
    ];
    const before = await count(`select count(*)::int as n from app_public.clients`);
    const result = await gql(t.app, IMPORT, { kind: 'clients', rows, dryRun: true }, admin);
    expect(result.errors).toBeUndefined();
    expect(result.data?.importReferenceData.result).toEqual([
      { line: 2, code: 'TaxIdChecksum' },
      { line: 3, code: 'TaxIdTaken' },
      { line: 4, code: 'UnknownCountry' },
    ]);
    expect(await count(`select count(*)::int as n from app_public.clients`)).toBe(before);
    const refused = await gql(t.app, IMPORT, { kind: 'clients', rows, dryRun: false }, admin);
    expect(errorCode(refused)).toBe('ImportHasErrors');
    expect(await count(`select count(*)::int as n from app_public.clients`)).toBe(before);
  });

  it('rows without problems are all written; a reader may not import', async () => {
    const rows = [
      { name: 'Imported project A', access_key: 'imp.a' },
      { name: 'Imported project B', access_key: 'imp.b' },
    ];
    const viewer = (await login(t.app, 'viewer')).accessToken;
    const forbidden = await gql(t.app, IMPORT, { kind: 'projects', rows, dryRun: true }, viewer);
    expect(forbidden.data?.importReferenceData.result).toEqual([
      { line: 1, code: 'Forbidden' },
      { line: 2, code: 'Forbidden' },
    ]);
    const done = await gql(t.app, IMPORT, { kind: 'projects', rows, dryRun: false }, admin);
    expect(done.data?.importReferenceData.result).toEqual([]);
    expect(
      await count(
        `select count(*)::int as n from app_public.projects where access_key like 'imp.%'`,
      ),
    ).toBe(2);
  });
});
