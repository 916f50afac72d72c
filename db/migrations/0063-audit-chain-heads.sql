-- Audit trail: the per-record lock of the chain is a row lock on the record's chain head (issue 27).
--
-- 0060 serialised the writers of one record with a transaction-level advisory lock per record.
-- Those live in PostgreSQL's shared lock table (max_locks_per_transaction × connections), so one
-- transaction writing many records (a bulk approval, a purge, a data load) could run out of it.
-- A row lock costs no shared memory: each record's chain has a head row (its last position and
-- hash), locked by an upsert before the previous hash is read and moved on after. The head also
-- lets audit:verify see a chain whose last rows were removed.

create table app_private.audit_heads (
  table_name text not null,
  record_id text not null,
  record_seq integer not null,
  hash bytea,
  primary key (table_name, record_id)
);
comment on table app_private.audit_heads is 'The last position and hash of each record''s audit chain; its row lock serialises the writers of the record.';

insert into app_private.audit_heads (table_name, record_id, record_seq, hash)
select distinct on (a.table_name, a.record_id) a.table_name, a.record_id, a.record_seq, a.hash
  from app_public.audit_trail a
 order by a.table_name, a.record_id, a.record_seq desc;

create or replace function app_private.tg_audit_trail__chain() returns trigger
language plpgsql set search_path = pg_catalog as $$
declare
  head app_private.audit_heads;
  previous_row jsonb;
begin
  new.record_id := coalesce(new.record_id, new.row_data ->> 'id', new.row_id::text);
  if new.record_id is null then
    raise exception 'An audit row needs the id of its record.' using errcode = 'LL001', hint = 'AuditRecordRequired';
  end if;
  if new.row_id is null and new.record_id ~ '^[0-9]{1,18}$' then
    new.row_id := new.record_id::bigint;
  end if;
  -- Lock the record's chain head (a concurrent writer of the record waits here until this
  -- transaction ends, then reads the head this one leaves).
  insert into app_private.audit_heads as h (table_name, record_id, record_seq, hash)
  values (new.table_name, new.record_id, 0, null)
  on conflict (table_name, record_id) do update set record_seq = h.record_seq
  returning h.* into head;
  if head.record_seq > 0 then
    select a.row_data into previous_row from app_public.audit_trail a
     where a.table_name = new.table_name and a.record_id = new.record_id and a.record_seq = head.record_seq;
  end if;
  new.row_data := new.row_data || app_private.audit_details(new, previous_row);
  select r.refs, r.subsidiary_id into new.refs, new.subsidiary_id from app_private.audit_refs(new) r;
  new.record_seq := head.record_seq + 1;
  new.prev_hash := head.hash;
  new.hash := app_hidden.audit_hash(new);
  update app_private.audit_heads h set record_seq = new.record_seq, hash = new.hash
   where h.table_name = new.table_name and h.record_id = new.record_id;
  return new;
end;
$$;

-- The first broken link of every chain, and a chain whose head says it is longer than it is
-- (rows removed from its end).
create or replace function app_private.audit_verify()
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
    union all
    select last.id, h.table_name, h.record_id, h.record_seq, 'rows are missing at the end of the record''s history'
      from app_private.audit_heads h
      left join lateral (select a.id, a.record_seq, a.hash from app_public.audit_trail a
                          where a.table_name = h.table_name and a.record_id = h.record_id
                          order by a.record_seq desc limit 1) last on true
     where last.record_seq is distinct from h.record_seq or last.hash is distinct from h.hash
  )
  select distinct on (b.table_name, b.record_id) b.id, b.table_name, b.record_id, b.record_seq, b.problem
    from broken b where b.problem is not null
   order by b.table_name, b.record_id, b.record_seq
$$;
