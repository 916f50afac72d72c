// The global search (issue 28; app_public.global_search, 0150) finds only what the account may
// read: for every demo account, a project-limited one and a supplier's user, each kind's hits are
// exactly the matching rows its own policies let it read (up to the number asked for).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, login, rowsAs, type TestApp } from './helpers.ts';

let t: TestApp;
let supplierId: string;
const terms: string[] = [];

const KINDS = ['invoice', 'bill', 'cost', 'document', 'supplier', 'client'] as const;

// What the account reads that matches, straight from the tables under its own policies.
const MATCHING = `
  with p as (select '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' pattern)
  select 'invoice' kind, i.id::text id from app_public.invoices i, p
   where not i.is_deleted and (i.invoice_ref ilike p.pattern or i.id::text = $1)
  union all
  select 'bill', b.id::text from app_public.bills b, p
   where not b.is_deleted and ((b.name || ' ' || coalesce(b.invoice_ref, '')) ilike p.pattern or b.id::text = $1)
  union all
  select 'cost', c.id::text from app_public.costs c, p
   where not c.is_deleted and (c.name ilike p.pattern or c.id::text = $1)
  union all
  select 'document', d.id::text from app_public.documents d, p
   where not d.is_deleted and (d.name || ' ' || coalesce(d.contract_number, '')) ilike p.pattern
  union all
  select 'supplier', s.id::text from app_public.suppliers s, p
   where (s.legal_name || ' ' || coalesce(s.short_name, '') || ' ' || coalesce(s.tax_id, '')) ilike p.pattern
  union all
  select 'client', c.id::text from app_public.clients c, p
   where (c.legal_name || ' ' || coalesce(c.short_name, '') || ' ' || coalesce(c.tax_id, '')) ilike p.pattern`;

type Hit = { kind: string; id: string };

function byKind(rows: Hit[]): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(KINDS.map((kind) => [kind, []]));
  for (const row of rows) out[row.kind]!.push(row.id);
  return out;
}

async function compare(username: string, term: string, perKind = 50) {
  const hits = byKind(
    await rowsAs<Hit>(t.db, username, 'select kind, id from app_public.global_search($1, $2)', [
      term,
      perKind,
    ]),
  );
  const readable = byKind(await rowsAs<Hit>(t.db, username, MATCHING, [term]));
  for (const kind of KINDS) {
    const label = `${username} "${term}" ${kind}`;
    expect(new Set(hits[kind]).size, label).toBe(hits[kind]!.length);
    expect(readable[kind], label).toEqual(expect.arrayContaining(hits[kind]!));
    expect(hits[kind]!.length, label).toBe(Math.min(perKind, readable[kind]!.length));
  }
  return { hits, readable };
}

beforeAll(async () => {
  t = await createTestApp();
  supplierId = (
    await t.db.owner.query(
      `select supplier_id from app_public.invoices group by supplier_id order by count(*) desc, supplier_id limit 1`,
    )
  ).rows[0].supplier_id;
  // A term of each kind from the demo data, and an invoice's id typed in full.
  const { rows } = await t.db.owner.query<{ term: string }>(`
    select 'INV-' term
    union all (select substr(name, 1, 4) from app_public.bills order by id limit 1)
    union all (select substr(name, 2, 4) from app_public.costs order by id limit 1)
    union all (select substr(name, 1, 5) from app_public.documents order by created_at, id limit 1)
    union all (select substr(legal_name, 1, 4) from app_public.suppliers where id = '${supplierId}')
    union all (select substr(legal_name, 2, 4) from app_public.clients order by legal_name limit 1)
    union all (select max(id)::text from app_public.invoices)`);
  terms.push(...rows.map((row) => row.term));
});

afterEach(async () => {
  await t.db.owner.query('update app_public.suppliers set user_id = null where id = $1', [
    supplierId,
  ]);
});

describe('the global search returns exactly the matching rows the account may read', () => {
  for (const username of ['admin', 'accountant', 'manager', 'viewer']) {
    it(`${username}: every kind's hits are its own readable matches`, async () => {
      for (const term of terms) await compare(username, term);
    });
  }

  it('a restricted account finds fewer than an unrestricted one (the policies are applied)', async () => {
    const admin = await compare('admin', 'INV-');
    const accountant = await compare('accountant', 'INV-', 50);
    const manager = await compare('manager', 'INV-', 50);
    const total = (found: { readable: Record<string, string[]> }) => found.readable.invoice!.length;
    expect(total(admin)).toBeGreaterThan(total(accountant));
    expect(total(admin)).toBeGreaterThan(total(manager));
    expect(total(manager)).toBeGreaterThan(0);
  });

  it("a supplier's user finds only that supplier's invoices and no bills", async () => {
    await t.db.owner.query(
      `update app_public.suppliers set user_id = (select id from app_public.users where username = 'viewer') where id = $1`,
      [supplierId],
    );
    for (const term of terms) {
      const { hits } = await compare('viewer', term);
      expect(hits.bill).toEqual([]);
      if (hits.invoice!.length === 0) continue;
      const { rows } = await t.db.owner.query(
        'select distinct supplier_id from app_public.invoices where id = any($1::int[])',
        [hits.invoice],
      );
      expect(rows).toEqual([{ supplier_id: supplierId }]);
    }
    const { hits } = await compare('viewer', 'INV-');
    expect(hits.invoice!.length).toBeGreaterThan(0);
  });

  it('finds nothing for fewer than 3 characters unless an id is typed in full; per kind at most what was asked', async () => {
    const short = await rowsAs(t.db, 'admin', `select * from app_public.global_search('IN', 50)`);
    expect(short).toEqual([]);
    const { rows } = await t.db.owner.query(`select min(id)::text id from app_public.invoices`);
    const byId = await rowsAs(
      t.db,
      'admin',
      `select kind, id, exact from app_public.global_search($1, 50)`,
      [rows[0].id],
    );
    expect(byId).toContainEqual({ kind: 'invoice', id: rows[0].id, exact: true });
    const few = await compare('admin', 'INV-', 3);
    expect(few.hits.invoice).toHaveLength(3);
  });

  it('gives the first hits in its order: exact matches first, then the newest (0210)', async () => {
    // What the account reads, in the search's order, straight from the tables.
    const ORDERED = `
      with p as (select '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' pattern)
      (select 'invoice' kind, i.id::text id from app_public.invoices i, p
        where not i.is_deleted and (i.invoice_ref ilike p.pattern or i.id::text = $1)
        order by lower(i.invoice_ref) = lower($1) or i.id::text = $1 desc, i.invoice_date desc, i.id desc
        limit $2)
      union all
      (select 'cost', c.id::text from app_public.costs c, p
        where not c.is_deleted and (c.name ilike p.pattern or c.id::text = $1)
        order by lower(c.name) = lower($1) or c.id::text = $1 desc, c.created_at desc, c.id desc
        limit $2)`;
    const { rows: named } = await t.db.owner.query<{ name: string }>(
      `select name from app_public.costs where not is_deleted order by created_at, id limit 1`,
    );
    for (const username of ['admin', 'manager']) {
      for (const [term, perKind] of [
        ['INV-', 3],
        ['INV-', 50],
        [named[0]!.name, 5],
        [named[0]!.name.slice(0, 4), 50],
      ] as const) {
        const hits = await rowsAs<Hit>(
          t.db,
          username,
          `select kind, id from app_public.global_search($1, $2) where kind in ('invoice', 'cost')`,
          [term, perKind],
        );
        const expected = await rowsAs<Hit>(t.db, username, ORDERED, [term, perKind]);
        expect(hits, `${username} "${term}" ${perKind}`).toEqual(expected);
      }
    }
  });

  it('takes %, _ and \\ literally', async () => {
    for (const term of ['%%%', '___', '\\\\\\']) {
      const { hits } = await compare('admin', term);
      expect(Object.values(hits).flat(), term).toEqual([]);
    }
  });
});

describe('through the API', () => {
  const QUERY = `query($q: String!) { globalSearch(search: $q, perKind: 50) { nodes { kind id title detail exact } } }`;

  it('a signed-in account gets its hits; a request without a token gets none', async () => {
    const { accessToken } = await login(t.app, 'accountant');
    const signedIn = await gql(t.app, QUERY, { q: 'INV-' }, accessToken);
    expect(signedIn.errors).toBeUndefined();
    const nodes = signedIn.data!.globalSearch.nodes as Hit[];
    const readable = byKind(await rowsAs<Hit>(t.db, 'accountant', MATCHING, ['INV-']));
    const invoices = nodes.filter((n) => n.kind === 'invoice').map((n) => n.id);
    expect(readable.invoice).toEqual(expect.arrayContaining(invoices));
    expect(invoices.length).toBe(Math.min(50, readable.invoice!.length));
    expect(invoices.length).toBeGreaterThan(0);
    const anonymous = await gql(t.app, QUERY, { q: 'INV-' });
    expect(anonymous.data?.globalSearch?.nodes ?? []).toEqual([]);
  });
});
