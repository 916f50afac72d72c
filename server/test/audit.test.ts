// The audit trail (SPEC §3, issue 27): append-only for every application role, chained by hash per
// record and verifiable, and each record's history includes its lines (costs, payments, files) and
// documents' own trail.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATOR_ROLE, withCredentials } from '../src/db/database.ts';
import { verifyAuditTrail } from '../src/db/audit-verify.ts';
import { AUTHENTICATOR_PASSWORD } from './global-setup.ts';
import { asUser, createTestDatabase, type TestDatabase } from './helpers.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

async function firstAuditId(): Promise<string> {
  const { rows } = await db.owner.query<{ id: string }>(
    `select id from app_public.audit_trail order by id limit 1`,
  );
  return rows[0]!.id;
}

/** A draft invoice of Northwind NL (or another subsidiary) with three costs (committed). */
async function invoiceWithCosts(
  otherSubsidiary = false,
): Promise<{ invoiceId: number; costIds: number[] }> {
  const client = await db.owner.connect();
  try {
    await client.query('begin');
    const { rows: who } = await client.query<{ id: string }>(
      `select id from app_public.users where username = 'accountant'`,
    );
    await client.query(`select set_config('jwt.claims.user_id', $1, true)`, [who[0]!.id]);
    const { rows } = await client.query<{ id: number }>(
      `insert into app_public.invoices (invoice_ref, invoice_date, due_date, currency, subsidiary_id, supplier_id)
       select 'AUD-' || floor(random() * 1e9)::text, '2026-10-15', '2026-11-15', 'EUR', s.id,
              (select id from app_public.suppliers order by legal_name limit 1)
         from app_public.subsidiaries s where (s.short_name = 'Northwind NL') <> $1
        order by s.short_name limit 1
       returning id`,
      [otherSubsidiary],
    );
    const invoiceId = rows[0]!.id;
    const costs = await client.query<{ id: number }>(
      `insert into app_public.costs (name, amount, vat, invoice_id, project_id, period, year)
       select name, 100.50, 20, $1, (select id from app_public.projects where access_key = 'ops.platform'), 10, 2026
         from unnest(array['QA hosting', 'Support', 'Licences']) name
       returning id`,
      [invoiceId],
    );
    await client.query('commit');
    return { invoiceId, costIds: costs.rows.map((row) => row.id) };
  } finally {
    client.release();
  }
}

describe('the audit trail is append-only', () => {
  for (const role of [
    'ledgerline_visitor',
    'ledgerline_project_limited',
    'ledgerline_supplier_user',
  ]) {
    it(`${role} can neither update, delete nor truncate audit rows, even as admin`, async () => {
      const id = await firstAuditId();
      for (const sql of [
        `update app_public.audit_trail set user_role = 'x' where id = $1`,
        `delete from app_public.audit_trail where id = $1`,
        `truncate app_public.audit_trail`,
        `insert into app_public.audit_trail (table_name, record_id, action, row_data) values ('invoices', $1, 'INSERT', '{}')`,
      ]) {
        const code = await asUser(db, 'admin', async (client) => {
          await client.query(`set local role ${role}`);
          try {
            await client.query(sql, sql.includes('$1') ? [id] : []);
            return undefined;
          } catch (error) {
            return (error as { code?: string }).code;
          }
        });
        expect(code, sql).toBe('42501');
      }
    });
  }

  it('the authenticator (the API login) can neither update nor delete audit rows', async () => {
    const client = new pg.Client({
      connectionString: withCredentials(db.ownerUrl, AUTHENTICATOR_ROLE, AUTHENTICATOR_PASSWORD),
    });
    await client.connect();
    try {
      const id = await firstAuditId();
      await expect(
        client.query(`update app_public.audit_trail set user_role = 'x' where id = $1`, [id]),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        client.query(`delete from app_public.audit_trail where id = $1`, [id]),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await client.end();
    }
  });

  it('even the owner is refused by the trigger unless it disables it on purpose', async () => {
    const id = await firstAuditId();
    await expect(
      db.owner.query(`update app_public.audit_trail set user_role = 'x' where id = $1`, [id]),
    ).rejects.toMatchObject({ code: 'LL001', hint: 'AuditTrailAppendOnly' });
    await expect(
      db.owner.query(`delete from app_public.audit_trail where id = $1`, [id]),
    ).rejects.toMatchObject({ code: 'LL001', hint: 'AuditTrailAppendOnly' });
  });
});

describe('each audit row is chained by hash to the previous row of its record', () => {
  it('the seeded trail and new changes verify', async () => {
    const { invoiceId } = await invoiceWithCosts();
    await db.owner.query(`update app_public.invoices set due_date = '2026-11-20' where id = $1`, [
      invoiceId,
    ]);
    const { rows } = await db.owner.query<{ record_seq: number; linked: boolean }>(
      `select a.record_seq, a.prev_hash is not distinct from
              (select p.hash from app_public.audit_trail p
                where p.table_name = a.table_name and p.record_id = a.record_id and p.record_seq = a.record_seq - 1) as linked
         from app_public.audit_trail a where a.table_name = 'invoices' and a.record_id = $1::text order by a.record_seq`,
      [invoiceId],
    );
    expect(rows.map((row) => row.record_seq)).toEqual(rows.map((_, index) => index + 1));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.linked)).toBe(true);
    expect(await verifyAuditTrail(db.ownerUrl)).toEqual([]);
  });

  it('concurrent writers of one record chain one after the other', async () => {
    const a = await db.owner.connect();
    const b = await db.owner.connect();
    const insert = `insert into app_public.audit_trail (table_name, record_id, action, row_data)
                    values ('concurrency_probe', '1', 'UPDATE', jsonb_build_object('writer', $1::text))`;
    try {
      await a.query('begin');
      await b.query('begin');
      await a.query(insert, ['a']);
      const second = b.query(insert, ['b']); // waits for a's lock on the record
      await new Promise((resolve) => setTimeout(resolve, 200));
      await a.query('commit');
      await second;
      await b.query('commit');
    } finally {
      a.release();
      b.release();
    }
    const { rows } = await db.owner.query<{ record_seq: number; writer: string }>(
      `select record_seq, row_data ->> 'writer' as writer from app_public.audit_trail
        where table_name = 'concurrency_probe' order by record_seq`,
    );
    expect(rows).toEqual([
      { record_seq: 1, writer: 'a' },
      { record_seq: 2, writer: 'b' },
    ]);
    expect(await verifyAuditTrail(db.ownerUrl)).toEqual([]);
  });

  it('audit:verify names the row the owner altered behind the trigger', async () => {
    const { rows } = await db.owner.query<{ id: string; table_name: string; record_id: string }>(
      `select id, table_name, record_id from app_public.audit_trail
        where table_name = 'invoices' and record_seq = 1 order by id limit 1`,
    );
    const target = rows[0]!;
    const client = await db.owner.connect();
    try {
      await client.query('begin');
      await client.query('alter table app_public.audit_trail disable trigger _000_append_only');
      await client.query(
        `update app_public.audit_trail set row_data = jsonb_set(row_data, '{amount}', '"1.00"') where id = $1`,
        [target.id],
      );
      await client.query('alter table app_public.audit_trail enable trigger _000_append_only');
      await client.query('commit');
    } finally {
      client.release();
    }
    const broken = await verifyAuditTrail(db.ownerUrl);
    expect(broken).toEqual([
      {
        auditId: target.id,
        tableName: 'invoices',
        recordId: target.record_id,
        recordSeq: 1,
        problem: 'the content does not match its hash',
      },
    ]);
  });
});

describe('audit:verify sees rows removed from the end of a history', () => {
  it('names the record whose last row the owner deleted behind the trigger', async () => {
    const { invoiceId } = await invoiceWithCosts();
    const client = await db.owner.connect();
    try {
      await client.query('begin');
      await client.query('alter table app_public.audit_trail disable trigger _000_append_only');
      await client.query(
        `delete from app_public.audit_trail where table_name = 'invoices' and record_id = $1::text
            and record_seq = (select max(record_seq) from app_public.audit_trail
                               where table_name = 'invoices' and record_id = $1::text)`,
        [invoiceId],
      );
      await client.query('alter table app_public.audit_trail enable trigger _000_append_only');
      await client.query('commit');
    } finally {
      client.release();
    }
    const broken = await verifyAuditTrail(db.ownerUrl);
    expect(broken).toContainEqual(
      expect.objectContaining({
        tableName: 'invoices',
        recordId: String(invoiceId),
        problem: "rows are missing at the end of the record's history",
      }),
    );
  });
});

describe("a record's history includes its lines", () => {
  it("an invoice's history shows its costs' approvals, rejections with reason, returns, payments and files, newest first, with names", async () => {
    const { invoiceId, costIds } = await invoiceWithCosts();
    const events = await asUser(db, 'admin', async (client) => {
      await client.query(`select app_public.approve_cost($1)`, [costIds[0]]);
      await client.query(`select app_public.reject_cost($1, 'Duplicate of March')`, [costIds[1]]);
      await client.query(`select app_public.return_cost_to_approval($1)`, [costIds[1]]);
      await client.query(`select app_public.delete_cost($1)`, [costIds[2]]);
      const file = await client.query<{ id: string }>(
        `insert into app_public.files (name, content_type, size, sha256, uploaded_by)
         values ('scan.pdf', 'application/pdf', 10, repeat('a', 64), app_hidden.current_user_id()) returning id`,
      );
      await client.query(`select app_public.add_invoice_files($1, array[$2::uuid])`, [
        invoiceId,
        file.rows[0]!.id,
      ]);
      await client.query(
        `select app_public.create_invoice_payment($1, 50.25, 'EUR', '2026-11-01', 'transaction')`,
        [invoiceId],
      );
      const { rows } = await client.query<{
        event: string;
        table_name: string;
        user_name: string | null;
        reason: string | null;
        file: string | null;
        amount: string | null;
      }>(
        `select app_public.audit_trail_event(a) as event, a.table_name,
                app_public.audit_trail_user_name(a) as user_name,
                a.row_data ->> 'reject_reason' as reason, a.row_data -> 'file' ->> 'name' as file,
                a.row_data -> 'payment' ->> 'amount' as amount
           from app_public.invoices_history((select i from app_public.invoices i where i.id = $1)) a`,
        [invoiceId],
      );
      return rows;
    });
    expect(events.map((row) => `${row.table_name}:${row.event}`)).toEqual([
      'invoices_payments:payment_added',
      'invoices_files:file_added',
      'costs:deleted',
      'costs:returned',
      'costs:rejected',
      'costs:approved',
      'costs:created',
      'costs:created',
      'costs:created',
      'invoices:created',
    ]);
    expect(events.find((row) => row.event === 'rejected')).toMatchObject({
      reason: 'Duplicate of March',
      user_name: expect.stringMatching(/\S/),
    });
    expect(events.find((row) => row.event === 'file_added')?.file).toBe('scan.pdf');
    expect(events.find((row) => row.event === 'payment_added')?.amount).toBe('50.25');
  });

  it('a document has a trail: created, edited, connected to a contract, files, archived', async () => {
    const events = await asUser(db, 'admin', async (client) => {
      const created = await client.query<{ id: string }>(
        `insert into app_public.documents (name, type) select names.n, names.t
           from unnest(array['Master agreement', 'Annex 1'], array['Contract', 'Amendment'])
             with ordinality names(n, t, k) order by k returning id`,
      );
      const [contract, annex] = created.rows.map((row) => row.id);
      await client.query(`update app_public.documents set description = 'Signed' where id = $1`, [
        contract,
      ]);
      await client.query(`select app_public.edit_document($1, '{}', array[$2::uuid])`, [
        contract,
        annex,
      ]);
      const file = await client.query<{ id: string }>(
        `insert into app_public.files (name, content_type, size, sha256, uploaded_by)
         values ('contract.pdf', 'application/pdf', 10, repeat('b', 64), app_hidden.current_user_id()) returning id`,
      );
      await client.query(`select app_public.add_document_files($1, array[$2::uuid])`, [
        contract,
        file.rows[0]!.id,
      ]);
      await client.query(`select app_public.set_document_deleted($1, true)`, [contract]);
      const { rows } = await client.query<{ event: string; table_name: string }>(
        `select app_public.audit_trail_event(a) as event, a.table_name
           from app_public.documents_history((select d from app_public.documents d where d.id = $1)) a`,
        [contract],
      );
      return rows.map((row) => `${row.table_name}:${row.event}`);
    });
    expect(events).toEqual([
      'documents:archived',
      'documents_files:file_added',
      'documents:connected',
      'documents:edited',
      'documents:created',
    ]);
  });

  it("a project-limited account sees an invoice's history without the costs of projects it may not see", async () => {
    const { invoiceId, costIds } = await invoiceWithCosts();
    await db.owner.query(
      `update app_public.costs set project_id = (select id from app_public.projects where access_key = 'ops.legacy')
        where id = $1`,
      [costIds[2]],
    );
    const costsSeen = await asUser(db, 'manager', async (client) => {
      const { rows } = await client.query<{ record_id: string }>(
        `select distinct a.record_id from app_public.invoices_history((select i from app_public.invoices i where i.id = $1)) a
          where a.table_name = 'costs' order by 1`,
        [invoiceId],
      );
      return rows.map((row) => Number(row.record_id));
    });
    expect(costsSeen).toEqual([costIds[0], costIds[1]]);
    const costsSeenByViewer = await asUser(db, 'viewer', async (client) => {
      const { rows } = await client.query(
        `select distinct a.record_id from app_public.invoices_history((select i from app_public.invoices i where i.id = $1)) a
          where a.table_name = 'costs'`,
        [invoiceId],
      );
      return rows.length;
    });
    expect(costsSeenByViewer).toBe(3);
  });

  it("a user who cannot see an invoice sees none of its history's rows", async () => {
    const { invoiceId } = await invoiceWithCosts(true);
    const count = async (username: string) =>
      asUser(db, username, async (client) => {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from app_public.audit_trail where refs @> array['invoices:' || $1::text]`,
          [invoiceId],
        );
        return rows[0]!.n;
      });
    expect(await count('viewer')).toBeGreaterThanOrEqual(4);
    expect(await count('accountant')).toBe(0); // Northwind NL only
  });
});
