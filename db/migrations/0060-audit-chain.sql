-- Audit trail: tamper evidence and the records a row belongs to (issue 27).
--
-- * Append-only for every application role: no update, delete or truncate privilege, and a
--   trigger that refuses them whoever asks (the owner must disable it on purpose to alter a row).
-- * Each row carries the sha256 of its content chained to the previous row of the same record
--   (record_seq 1, 2, … per table_name + record_id). The chain is computed by a trigger on the
--   audit table itself, so any writer is covered; a per-record advisory lock makes concurrent
--   writes to one record chain one after the other. `npm run audit:verify` recomputes the chains.
-- * record_id: the id of the record as text (integer or uuid ids); row_id stays for integer ids.
-- * refs: the records whose history shows the row, e.g. {costs:55,invoices:12,bills:3} for a
--   cost line, so an invoice's history includes its costs, payments and files.
-- * subsidiary_id: the subsidiary of the record, for the audit screen's filter.

alter table app_public.audit_trail
  add column record_id text,
  add column refs text[],
  add column subsidiary_id uuid,
  add column record_seq integer,
  add column prev_hash bytea,
  add column hash bytea;
alter table app_public.audit_trail alter column row_id drop not null;
comment on column app_public.audit_trail.record_id is 'The id of the changed record, as text (integer or uuid).';
comment on column app_public.audit_trail.refs is '@behavior -*
The records whose history shows this row (kind:id), the changed record first.';
comment on column app_public.audit_trail.record_seq is 'The position of the row in its record''s history (1 is the first change).';
comment on column app_public.audit_trail.prev_hash is '@behavior -*
The hash of the previous row of the same record.';
comment on column app_public.audit_trail.hash is '@behavior -*
sha256 of the row''s content and the previous row''s hash (see app_hidden.audit_hash).';

-- The content hash of an audit row: its previous row's hash and every column that says what
-- happened, as canonical jsonb text, the time in UTC microseconds (independent of TimeZone).
create function app_hidden.audit_hash(a app_public.audit_trail) returns bytea
language sql immutable set search_path = pg_catalog as $$
  select sha256(convert_to(
    coalesce(encode(a.prev_hash, 'hex'), '') || '|' ||
    jsonb_build_array(a.id, a.event_id, a.table_name, a.record_id, a.record_seq, a.action, a.changes,
                      a.row_data, a.user_id, a.user_role,
                      to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
                      a.refs, a.subsidiary_id)::text,
    'UTF8'))
$$;
comment on function app_hidden.audit_hash(app_public.audit_trail) is 'The chained content hash of an audit row.';

-- Details a line's row does not hold itself (a link row only has ids): the file's name, the
-- payment's amount. Looked up now; when the record is gone already (a cascade), taken from the
-- record's previous audit row.
create function app_private.audit_details(a app_public.audit_trail, previous jsonb) returns jsonb
language plpgsql stable set search_path = pg_catalog as $$
declare
  details jsonb;
begin
  if a.table_name in ('invoices_files', 'bills_files', 'costs_files', 'documents_files') then
    select jsonb_build_object('file', jsonb_build_object('id', f.id, 'name', f.name, 'size', f.size, 'content_type', f.content_type))
      into details from app_public.files f where f.id = (a.row_data ->> 'file_id')::uuid;
    if details is null and previous ? 'file' then
      details := jsonb_build_object('file', previous -> 'file');
    end if;
  elsif a.table_name in ('invoices_payments', 'bills_payments') then
    select jsonb_build_object('payment', jsonb_build_object('id', p.id, 'amount', p.amount, 'currency', p.currency,
                                                            'payment_date', p.payment_date, 'payment_method', p.payment_method))
      into details from app_public.payments p where p.id = (a.row_data ->> 'payment_id')::uuid;
    if details is null and previous ? 'payment' then
      details := jsonb_build_object('payment', previous -> 'payment');
    end if;
  end if;
  if a.table_name = 'costs_files' then
    select coalesce(details, '{}') || jsonb_build_object('cost', jsonb_build_object('id', c.id, 'name', c.name))
      into details from app_public.costs c where c.id = (a.row_data ->> 'cost_id')::integer;
    if details is null or not details ? 'cost' then
      details := coalesce(details, '{}') || coalesce(jsonb_build_object('cost', previous -> 'cost'), '{}');
    end if;
  end if;
  return coalesce(details, '{}');
end;
$$;

-- The records whose history shows an audit row, and the subsidiary it belongs to.
create function app_private.audit_refs(a app_public.audit_trail, out refs text[], out subsidiary_id uuid)
language plpgsql stable set search_path = pg_catalog as $$
declare
  r jsonb := a.row_data;
  cost app_public.costs;
  parent text;
begin
  refs := array[a.table_name || ':' || a.record_id];
  case a.table_name
    when 'invoices', 'bills' then
      subsidiary_id := (r ->> 'subsidiary_id')::uuid;
    when 'costs' then
      refs := refs || ('invoices:' || (r ->> 'invoice_id'));
      if r ->> 'bill_id' is not null then
        refs := refs || ('bills:' || (r ->> 'bill_id'));
      end if;
      -- a cost moved off a bill stays on that bill's history
      if a.changes ? 'bill_id' and a.changes -> 'bill_id' ->> 'old' is not null then
        refs := refs || ('bills:' || (a.changes -> 'bill_id' ->> 'old'));
      end if;
      subsidiary_id := (r ->> 'subsidiary_id')::uuid;
    when 'invoices_files', 'invoices_payments' then
      refs := refs || ('invoices:' || (r ->> 'invoice_id'));
      select i.subsidiary_id into subsidiary_id from app_public.invoices i where i.id = (r ->> 'invoice_id')::integer;
    when 'bills_files', 'bills_payments' then
      refs := refs || ('bills:' || (r ->> 'bill_id'));
      select b.subsidiary_id into subsidiary_id from app_public.bills b where b.id = (r ->> 'bill_id')::integer;
    when 'costs_files' then
      refs := refs || ('costs:' || (r ->> 'cost_id'));
      select * into cost from app_public.costs c where c.id = (r ->> 'cost_id')::integer;
      if cost.id is not null then
        refs := refs || ('invoices:' || cost.invoice_id);
        if cost.bill_id is not null then
          refs := refs || ('bills:' || cost.bill_id);
        end if;
        subsidiary_id := cost.subsidiary_id;
      end if;
    when 'payments' then
      select refs || array_agg('invoices:' || ip.invoice_id) into refs
        from app_public.invoices_payments ip where ip.payment_id = (r ->> 'id')::uuid;
      select refs || array_agg('bills:' || bp.bill_id) into refs
        from app_public.bills_payments bp where bp.payment_id = (r ->> 'id')::uuid;
      subsidiary_id := (r ->> 'subsidiary_id')::uuid;
    when 'documents' then
      subsidiary_id := (r ->> 'principal_id')::uuid;
      -- connecting or disconnecting a document shows on its parent contract too
      if a.changes ? 'contract_reference' then
        foreach parent in array array[a.changes -> 'contract_reference' ->> 'old', a.changes -> 'contract_reference' ->> 'new'] loop
          if parent is not null then
            refs := refs || ('documents:' || parent);
          end if;
        end loop;
      elsif a.action = 'INSERT' and r ->> 'contract_reference' is not null then
        refs := refs || ('documents:' || (r ->> 'contract_reference'));
      end if;
    when 'documents_files' then
      refs := refs || ('documents:' || (r ->> 'document_id'));
      select d.principal_id into subsidiary_id from app_public.documents d where d.id = (r ->> 'document_id')::uuid;
    else
      subsidiary_id := (r ->> 'subsidiary_id')::uuid;
  end case;
  refs := array(select distinct on (x.ref) x.ref from unnest(refs) with ordinality x(ref, n) where x.ref is not null order by x.ref, x.n);
  -- the changed record first
  refs := array[a.table_name || ':' || a.record_id] || array_remove(refs, a.table_name || ':' || a.record_id);
end;
$$;

-- Before an audit row is stored: its record id, the records it shows on, its position in its
-- record's chain and its hash. The advisory lock serialises the writers of one record; the
-- previous row is read after taking it (a fresh snapshot per statement in READ COMMITTED).
create function app_private.tg_audit_trail__chain() returns trigger
language plpgsql set search_path = pg_catalog as $$
declare
  previous app_public.audit_trail;
begin
  new.record_id := coalesce(new.record_id, new.row_data ->> 'id', new.row_id::text);
  if new.record_id is null then
    raise exception 'An audit row needs the id of its record.' using errcode = 'LL001', hint = 'AuditRecordRequired';
  end if;
  if new.row_id is null and new.record_id ~ '^[0-9]{1,18}$' then
    new.row_id := new.record_id::bigint;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('audit_trail:' || new.table_name || ':' || new.record_id, 0));
  select * into previous from app_public.audit_trail a
   where a.table_name = new.table_name and a.record_id = new.record_id
   order by a.record_seq desc limit 1;
  new.row_data := new.row_data || app_private.audit_details(new, previous.row_data);
  select r.refs, r.subsidiary_id into new.refs, new.subsidiary_id from app_private.audit_refs(new) r;
  new.record_seq := coalesce(previous.record_seq, 0) + 1;
  new.prev_hash := previous.hash;
  new.hash := app_hidden.audit_hash(new);
  return new;
end;
$$;

-- Existing rows: their record ids, refs and chains, in the order they were written.
update app_public.audit_trail a set record_id = coalesce(a.row_data ->> 'id', a.row_id::text);
do $$
declare
  a app_public.audit_trail;
  previous app_public.audit_trail;
begin
  for a in select * from app_public.audit_trail order by table_name, record_id, created_at, id loop
    if previous.id is null or previous.table_name <> a.table_name or previous.record_id <> a.record_id then
      previous := null;
    end if;
    select r.refs, r.subsidiary_id into a.refs, a.subsidiary_id from app_private.audit_refs(a) r;
    a.record_seq := coalesce(previous.record_seq, 0) + 1;
    a.prev_hash := previous.hash;
    a.hash := app_hidden.audit_hash(a);
    update app_public.audit_trail t
       set refs = a.refs, subsidiary_id = a.subsidiary_id, record_seq = a.record_seq, prev_hash = a.prev_hash, hash = a.hash
     where t.id = a.id;
    previous := a;
  end loop;
end;
$$;

alter table app_public.audit_trail
  alter column record_id set not null,
  alter column refs set not null,
  alter column record_seq set not null,
  alter column hash set not null;

create trigger _100_chain before insert on app_public.audit_trail
  for each row execute function app_private.tg_audit_trail__chain();

-- Append-only: no role of the application may change or remove a row.
create function app_private.tg_audit_trail__append_only() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  raise exception 'The audit trail is append-only: rows cannot be changed or deleted.'
    using errcode = 'LL001', hint = 'AuditTrailAppendOnly';
end;
$$;
create trigger _000_append_only before update or delete on app_public.audit_trail
  for each row execute function app_private.tg_audit_trail__append_only();
create trigger _000_append_only_truncate before truncate on app_public.audit_trail
  for each statement execute function app_private.tg_audit_trail__append_only();
revoke insert, update, delete, truncate, references, trigger on app_public.audit_trail
  from public, ledgerline_visitor, ledgerline_authenticator, ledgerline_project_limited;
grant select on app_public.audit_trail to ledgerline_visitor;

-- Lookups: a record's chain, the rows a history shows, the audit screen's filters (newest first).
create unique index audit_trail_record_seq_idx on app_public.audit_trail (table_name, record_id, record_seq);
create index audit_trail_refs_idx on app_public.audit_trail using gin (refs);
create index audit_trail_user_created_idx on app_public.audit_trail (user_id, created_at desc, id desc);
create index audit_trail_table_created_idx on app_public.audit_trail (table_name, created_at desc, id desc);
create index audit_trail_subsidiary_created_idx on app_public.audit_trail (subsidiary_id, created_at desc, id desc);
create index audit_trail_action_created_idx on app_public.audit_trail (action, created_at desc, id desc);
create index audit_trail_created_id_idx on app_public.audit_trail (created_at desc, id desc);
drop index app_public.audit_trail_created_at_idx;
drop index app_public.audit_trail_user_id_idx;

-- The first broken link of every chain (none: the trail is intact). Run by `npm run audit:verify`
-- as the owner; recomputes each row's hash from its content and its predecessor's stored hash.
create function app_private.audit_verify()
returns table (audit_id bigint, table_name text, record_id text, record_seq integer, problem text)
language sql stable set search_path = pg_catalog as $$
  with rows as (
    select a as audit_row, a.id, a.table_name, a.record_id, a.record_seq, a.prev_hash, a.hash,
           lag(a.hash) over w as expected_prev,
           lag(a.record_seq) over w as previous_seq
      from app_public.audit_trail a
    window w as (partition by a.table_name, a.record_id order by a.record_seq)
  ), broken as (
    select r.id, r.table_name, r.record_id, r.record_seq,
           case
             when r.record_seq <> coalesce(r.previous_seq, 0) + 1 then 'a row is missing before this one'
             when r.prev_hash is distinct from r.expected_prev then 'the previous row''s hash does not match'
             when r.hash is distinct from app_hidden.audit_hash(r.audit_row) then 'the content does not match its hash'
           end as problem
      from rows r
  )
  select distinct on (b.table_name, b.record_id) b.id, b.table_name, b.record_id, b.record_seq, b.problem
    from broken b where b.problem is not null
   order by b.table_name, b.record_id, b.record_seq
$$;
comment on function app_private.audit_verify() is 'The first broken link of each record''s audit chain.';
