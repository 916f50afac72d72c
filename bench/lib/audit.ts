/**
 * The audit trail of the benchmark data set: 5,000,000 rows at scale 1, in proportion to the
 * records (each invoice, bill, cost, payment and document created; the status steps of each
 * invoice, bill and cost; edits of costs for the rest), each chained by hash to the previous row
 * of its record exactly as the audit table's trigger does (app_hidden.audit_hash), so
 * `npm run audit:verify` holds on the generated data.
 *
 * Runs inside generate() (replica mode: the audit table's own trigger does not run); the chains
 * are hashed level by level (every record's first row, then every second row, …) in a temporary
 * table, then the rows are inserted in the order they happened, with the chain heads.
 *
 * With a row limit below the scale's proportion (`bench:data --audit-rows N`), the trail starts
 * late, as if auditing had been switched on part-way: only the records created since a cut-off
 * date (chosen so that about N rows result) have their history; older records have none.
 */
import type pg from 'pg';
import { formatCount } from './cli.ts';

/** Audit rows at a scale: 5,000,000 at S=1. */
export const auditRowsFor = (scale: number) => Math.max(2_000, Math.round(5_000_000 * scale));

export async function generateAudit(
  client: pg.Client,
  scale: number,
  step: (label: string, sql: string) => Promise<void>,
  log: (message: string) => void,
  maxRows?: number,
): Promise<void> {
  const full = auditRowsFor(scale);
  const target = Math.min(full, maxRows ?? full);
  let since = `'-infinity'::timestamptz`;
  if (target < full) {
    const { rows } = await client.query<{ since: Date }>(
      'select percentile_disc($1::float8) within group (order by created_at) as since from app_public.costs',
      [1 - target / full],
    );
    since = `${client.escapeLiteral(rows[0]!.since.toISOString())}::timestamptz`;
    log(
      `audit: the trail starts on ${rows[0]!.since.toISOString().slice(0, 10)} ` +
        `(about ${formatCount(target)} of the scale's ${formatCount(full)} rows)`,
    );
  }
  const payment = (p: string) =>
    `jsonb_build_object('payment', jsonb_build_object('id', ${p}.id, 'amount', ${p}.amount, 'currency', ${p}.currency,
       'payment_date', ${p}.payment_date, 'payment_method', ${p}.payment_method))`;
  await step(
    'audit: records created and their status steps',
    `create temporary table t_audit (table_name text, record_id text, action text, changes jsonb, row_data jsonb,
       user_id uuid, user_role text, created_at timestamptz, refs text[], subsidiary_id uuid, ord integer);
     insert into t_audit
     select 'invoices', i.id::text, 'INSERT', null,
            to_jsonb(i) || jsonb_build_object('status', 'draft', 'validated_by', null, 'closed_by', null),
            i.created_by, 'accountant', i.created_at, array['invoices:' || i.id], i.subsidiary_id, 0
       from app_public.invoices i
      where i.created_at >= ${since};
     insert into t_audit
     select 'invoices', i.id::text, 'UPDATE',
            jsonb_build_object('status', jsonb_build_object('old', s.old, 'new', s.new))
              || case when s.new = 'validated' then jsonb_build_object('validated_by', jsonb_build_object('old', null, 'new', i.validated_by))
                      when s.new = 'paid' then jsonb_build_object('closed_by', jsonb_build_object('old', null, 'new', i.closed_by))
                      else '{}' end,
            to_jsonb(i), coalesce(i.validated_by, i.created_by), 'admin', i.created_at + s.k * interval '1 day',
            array['invoices:' || i.id], i.subsidiary_id, s.k
       from app_public.invoices i
      cross join lateral (values (1, 'draft', 'open'), (2, 'open', 'validated'), (3, 'validated', 'paid'),
                                 (1, 'draft', 'rejected')) s(k, old, new)
      where i.created_at >= ${since}
        and ((s.new = 'open' and i.status in ('open', 'validated', 'paid'))
         or (s.new = 'validated' and i.status in ('validated', 'paid'))
         or (s.new = 'paid' and i.status = 'paid')
         or (s.new = 'rejected' and i.status = 'rejected'));
     insert into t_audit
     select 'bills', b.id::text, 'INSERT', null, to_jsonb(b) || jsonb_build_object('status', 'open', 'closed_by', null),
            b.created_by, 'accountant', b.created_at, array['bills:' || b.id], b.subsidiary_id, 0
       from app_public.bills b
      where b.created_at >= ${since};
     insert into t_audit
     select 'bills', b.id::text, 'UPDATE', jsonb_build_object('status', jsonb_build_object('old', s.old, 'new', s.new)),
            to_jsonb(b), b.created_by, 'accountant', b.created_at + s.k * interval '1 day', array['bills:' || b.id],
            b.subsidiary_id, s.k
       from app_public.bills b
      cross join lateral (values (1, 'open', 'validated'), (2, 'validated', 'paid')) s(k, old, new)
      where b.created_at >= ${since}
        and ((s.new = 'validated' and b.status in ('validated', 'paid')) or (s.new = 'paid' and b.status = 'paid'));
     insert into t_audit
     select 'costs', c.id::text, 'INSERT', null,
            to_jsonb(c) || jsonb_build_object('status', 'to_approve', 'approved_by', null, 'reject_reason', null),
            c.created_by, 'accountant', c.created_at, r.refs, c.subsidiary_id, 0
       from app_public.costs c
      cross join lateral (select array['costs:' || c.id, 'invoices:' || c.invoice_id]
                                 || case when c.bill_id is not null then array['bills:' || c.bill_id] else '{}' end as refs) r
      where c.created_at >= ${since};
     insert into t_audit
     select 'costs', c.id::text, 'UPDATE',
            jsonb_build_object('status', jsonb_build_object('old', 'to_approve', 'new', c.status))
              || case when c.status = 'approved' then jsonb_build_object('approved_by', jsonb_build_object('old', null, 'new', c.approved_by))
                      else jsonb_build_object('reject_reason', jsonb_build_object('old', null, 'new', c.reject_reason)) end,
            to_jsonb(c), coalesce(c.approved_by, c.created_by), 'admin', c.created_at + interval '2 days', r.refs,
            c.subsidiary_id, 1000
       from app_public.costs c
      cross join lateral (select array['costs:' || c.id, 'invoices:' || c.invoice_id]
                                 || case when c.bill_id is not null then array['bills:' || c.bill_id] else '{}' end as refs) r
      where c.status <> 'to_approve' and c.created_at >= ${since};
     insert into t_audit
     select 'invoices_payments', ip.id::text, 'INSERT', null, to_jsonb(ip) || ${payment('p')}, p.created_by, 'accountant',
            p.created_at, array['invoices_payments:' || ip.id, 'invoices:' || ip.invoice_id], p.subsidiary_id, 0
       from app_public.invoices_payments ip join app_public.payments p on p.id = ip.payment_id
      where p.created_at >= ${since};
     insert into t_audit
     select 'bills_payments', bp.id::text, 'INSERT', null, to_jsonb(bp) || ${payment('p')}, p.created_by, 'accountant',
            p.created_at, array['bills_payments:' || bp.id, 'bills:' || bp.bill_id], p.subsidiary_id, 0
       from app_public.bills_payments bp join app_public.payments p on p.id = bp.payment_id
      where p.created_at >= ${since};
     insert into t_audit
     select 'documents', d.id::text, 'INSERT', null, to_jsonb(d), d.created_by, 'accountant', d.created_at,
            array['documents:' || d.id] || case when d.contract_reference is not null then array['documents:' || d.contract_reference] else '{}' end,
            d.principal_id, 0
       from app_public.documents d
      where d.created_at >= ${since};`,
  );
  const { rows } = await client.query<{ made: string; costs: string }>(
    `select (select count(*) from t_audit) as made,
            (select count(*) from app_public.costs where created_at >= ${since}) as costs`,
  );
  const rest = Math.max(0, target - Number(rows[0]!.made));
  const costs = Math.max(1, Number(rows[0]!.costs));
  await step(
    `audit: ${formatCount(rest)} cost edits`,
    `insert into t_audit
     select 'costs', c.id::text, 'UPDATE',
            jsonb_build_object('description', jsonb_build_object('old', case when e > 1 then 'Revision ' || (e - 1) end,
                                                                 'new', 'Revision ' || e)),
            to_jsonb(c) || jsonb_build_object('description', 'Revision ' || e), c.created_by, 'accountant',
            c.created_at + e * interval '1 hour', r.refs, c.subsidiary_id, e
       from (select c.*, row_number() over (order by c.id) as k from app_public.costs c where c.created_at >= ${since}) c
      cross join lateral generate_series(1, ${Math.floor(rest / costs)} + case when c.k <= ${rest % costs} then 1 else 0 end) e
      cross join lateral (select array['costs:' || c.id, 'invoices:' || c.invoice_id]
                                 || case when c.bill_id is not null then array['bills:' || c.bill_id] else '{}' end as refs) r`,
  );
  // The audit table's own columns, in its order (for app_hidden.audit_hash of a row value).
  await step(
    'audit: ids and chain positions',
    `create temporary table t_audit_rows as
     select row_number() over (order by created_at, table_name, record_id, ord) as id,
            md5(table_name || ':' || record_id || ':' || ord)::uuid as event_id, table_name,
            case when record_id ~ '^[0-9]{1,18}$' then record_id::bigint end as row_id, action, changes, row_data, user_id,
            user_role, created_at, record_id, refs, subsidiary_id,
            row_number() over (partition by table_name, record_id order by created_at, ord)::integer as record_seq,
            null::bytea as prev_hash, null::bytea as hash
       from t_audit;
     drop table t_audit;
     create unique index on t_audit_rows (table_name, record_id, record_seq);
     create index on t_audit_rows (record_seq);`,
  );
  const { rows: depth } = await client.query<{ max: number }>(
    'select max(record_seq) as max from t_audit_rows',
  );
  const value = (prev: string) =>
    `row(r.id, r.event_id, r.table_name, r.row_id, r.action, r.changes, r.row_data, r.user_id, r.user_role,
         r.created_at, r.record_id, r.refs, r.subsidiary_id, r.record_seq, ${prev}, null)::app_public.audit_trail`;
  const started = Date.now();
  await client.query(
    `update t_audit_rows r set hash = app_hidden.audit_hash(${value('null::bytea')}) where r.record_seq = 1`,
  );
  for (let level = 2; level <= (depth[0]?.max ?? 1); level++) {
    await client.query(
      `update t_audit_rows r set prev_hash = p.hash, hash = app_hidden.audit_hash(${value('p.hash')})
         from t_audit_rows p
        where r.record_seq = ${level} and p.table_name = r.table_name and p.record_id = r.record_id
          and p.record_seq = ${level - 1}`,
    );
  }
  log(
    `audit: chains hashed, ${depth[0]?.max ?? 1} levels (${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );
  await step(
    'audit trail',
    `insert into app_public.audit_trail (id, event_id, table_name, row_id, action, changes, row_data, user_id, user_role,
       created_at, record_id, refs, subsidiary_id, record_seq, prev_hash, hash)
     overriding system value
     select id, event_id, table_name, row_id, action, changes, row_data, user_id, user_role, created_at, record_id, refs,
            subsidiary_id, record_seq, prev_hash, hash
       from t_audit_rows order by id;
     insert into app_private.audit_heads (table_name, record_id, record_seq, hash)
     select distinct on (table_name, record_id) table_name, record_id, record_seq, hash
       from t_audit_rows order by table_name, record_id, record_seq desc;
     select setval(pg_get_serial_sequence('app_public.audit_trail', 'id'), (select coalesce(max(id), 0) + 1 from app_public.audit_trail), false);
     drop table t_audit_rows;`,
  );
}
