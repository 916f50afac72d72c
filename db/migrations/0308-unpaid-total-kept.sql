-- The unpaid view's total outstanding, kept per subsidiary and per subsidiary and project.
--
-- The unpaid bills view shows what every bill it selects still owes, in USD: a sum over all the
-- account's unpaid bills (outstandingUsdTotal), which grows with them. At scale 10 (500,000
-- bills) it took 30-113 ms against 3-12 at scale 1, where every other request of the screen stays
-- within 1.5x.
--
-- The bills' triggers now keep what the live unpaid bills still owe in USD, and how many they are,
-- per subsidiary (bill_outstanding_by_subsidiary) and per subsidiary and project
-- (bill_outstanding_by_project). A bill's visibility depends on its subsidiary and project only
-- (the bills' select policies read no other column of it), so each table carries the bills' own
-- select policies for the accounts it serves: the subsidiary totals the policy of an account that
-- sees its subsidiaries whole (select_allowed), the project totals the policy of a project-limited
-- account (select_project_limited); a supplier's user reads neither (select_not_supplier). An
-- account is one or the other (subsidiaries_seen_whole is empty when projects are limited, and the
-- project policy admits nothing without a limit), so the view without filters (its default) sums
-- both tables as the account sees them: a row per subsidiary for most accounts, a row per allowed
-- project and subsidiary for a limited one, however many bills there are. A filtered view still
-- sums its bills (the filter bounds them).
--
-- Each statement that writes bills adds what its rows owe after it and takes away what they owed
-- before (transition tables), one upsert per table in the key's order, so that concurrent
-- transactions take the totals' rows in the same order. server/test/unpaid-total-kept.test.ts
-- checks the kept totals against the bills after each kind of change, the total against the
-- bills' sum for every demo account, and the tables' policies against the bills'.

create table app_public.bill_outstanding_by_subsidiary (
  subsidiary_id uuid primary key,
  outstanding_usd numeric(18,2) not null,
  bill_count integer not null
);
comment on table app_public.bill_outstanding_by_subsidiary is '@behavior -*
What the live unpaid bills of a subsidiary still owe in USD (app_public.bills_outstanding_usd) and how many they are; kept by the bills'' triggers, read by app_public.unpaid_bills_total under the bills'' policy for accounts that see subsidiaries whole.';

create table app_public.bill_outstanding_by_project (
  subsidiary_id uuid not null,
  project_id uuid,
  outstanding_usd numeric(18,2) not null,
  bill_count integer not null,
  constraint bill_outstanding_by_project_key unique nulls not distinct (subsidiary_id, project_id)
);
comment on table app_public.bill_outstanding_by_project is '@behavior -*
What the live unpaid bills of a subsidiary and project still owe in USD (app_public.bills_outstanding_usd) and how many they are; kept by the bills'' triggers, read by app_public.unpaid_bills_total under the bills'' policy for project-limited accounts.';

alter table app_public.bill_outstanding_by_subsidiary enable row level security;
alter table app_public.bill_outstanding_by_project enable row level security;
grant select on app_public.bill_outstanding_by_subsidiary, app_public.bill_outstanding_by_project to ledgerline_visitor;

-- The bills' select policies (0305), word for word but the table.
create policy select_allowed on app_public.bill_outstanding_by_subsidiary for select to public
  using ((( SELECT app_hidden.has_scope('bill:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.subsidiaries_seen_whole() AS subsidiaries_seen_whole))));
comment on policy select_allowed on app_public.bill_outstanding_by_subsidiary is 'The bills'' select_allowed: an account with bill:read, within the subsidiaries it sees whole.';
create policy select_not_supplier on app_public.bill_outstanding_by_subsidiary as restrictive for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT ((app_hidden.supplier_ids() IS NULL) OR NULL::boolean)) IS NOT NULL));
comment on policy select_not_supplier on app_public.bill_outstanding_by_subsidiary is 'The bills'' select_not_supplier: a supplier''s user reads no bills'' totals. Only ever hides rows.';
create policy select_project_limited on app_public.bill_outstanding_by_project for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT app_hidden.has_scope('bill:read'::text) AS has_scope) AND app_hidden.subsidiary_visible(subsidiary_id, ( SELECT app_hidden.visible_subsidiary_ids() AS visible_subsidiary_ids)) AND (project_id IN ( SELECT unnest(( SELECT app_hidden.allowed_project_ids() AS allowed_project_ids)) AS unnest))));
comment on policy select_project_limited on app_public.bill_outstanding_by_project is 'The bills'' select_project_limited: the totals of its subsidiaries'' allowed projects.';
create policy select_not_supplier on app_public.bill_outstanding_by_project as restrictive for select to ledgerline_project_limited, ledgerline_supplier_user
  using ((( SELECT ((app_hidden.supplier_ids() IS NULL) OR NULL::boolean)) IS NOT NULL));
comment on policy select_not_supplier on app_public.bill_outstanding_by_project is 'The bills'' select_not_supplier: a supplier''s user reads no bills'' totals. Only ever hides rows.';

-- What the bills that went (old rows) and came (new rows) change, added in each key's order.
create function app_private.add_bill_outstanding(gone app_public.bills[], came app_public.bills[])
returns void language sql security definer set search_path = pg_catalog as $$
  with change as (
    select b.subsidiary_id, b.project_id, app_public.bills_outstanding_usd(b) as usd, 1 as n
      from unnest(came) b where app_public.bills_outstanding(b) > 0
    union all
    select b.subsidiary_id, b.project_id, -app_public.bills_outstanding_usd(b), -1
      from unnest(gone) b where app_public.bills_outstanding(b) > 0
  ), by_subsidiary as (
    insert into app_public.bill_outstanding_by_subsidiary as t (subsidiary_id, outstanding_usd, bill_count)
    select c.subsidiary_id, sum(c.usd), sum(c.n)::integer
      from change c
     group by c.subsidiary_id
    having sum(c.usd) <> 0 or sum(c.n) <> 0
     order by c.subsidiary_id
    on conflict (subsidiary_id) do update
       set outstanding_usd = t.outstanding_usd + excluded.outstanding_usd,
           bill_count = t.bill_count + excluded.bill_count
  )
  insert into app_public.bill_outstanding_by_project as t (subsidiary_id, project_id, outstanding_usd, bill_count)
  select c.subsidiary_id, c.project_id, sum(c.usd), sum(c.n)::integer
    from change c
   group by c.subsidiary_id, c.project_id
  having sum(c.usd) <> 0 or sum(c.n) <> 0
   order by c.subsidiary_id, c.project_id nulls first
  on conflict (subsidiary_id, project_id) do update
     set outstanding_usd = t.outstanding_usd + excluded.outstanding_usd,
         bill_count = t.bill_count + excluded.bill_count
$$;
comment on function app_private.add_bill_outstanding(app_public.bills[], app_public.bills[]) is 'Adds to the kept unpaid totals what the bills that came owe and takes away what the bills that went owed (a statement''s new and old rows).';

create function app_private.tg_bills__outstanding_totals() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  -- A statement's transition tables exist only for its own event: each branch names its own (their
  -- rows are records of the bills' columns, typed back as bills for the functions of a bill).
  if tg_op = 'INSERT' then
    perform app_private.add_bill_outstanding('{}', array(select n::app_public.bills from new_rows n));
  elsif tg_op = 'DELETE' then
    perform app_private.add_bill_outstanding(array(select o::app_public.bills from old_rows o), '{}');
  else
    perform app_private.add_bill_outstanding(array(select o::app_public.bills from old_rows o), array(select n::app_public.bills from new_rows n));
  end if;
  return null;
end
$$;
comment on function app_private.tg_bills__outstanding_totals() is 'Keeps the unpaid bills'' totals (bill_outstanding_by_subsidiary, bill_outstanding_by_project) after each statement that writes bills.';

create trigger _700_outstanding_totals_insert after insert on app_public.bills
  referencing new table as new_rows for each statement execute function app_private.tg_bills__outstanding_totals();
create trigger _700_outstanding_totals_update after update on app_public.bills
  referencing old table as old_rows new table as new_rows for each statement execute function app_private.tg_bills__outstanding_totals();
create trigger _700_outstanding_totals_delete after delete on app_public.bills
  referencing old table as old_rows for each statement execute function app_private.tg_bills__outstanding_totals();

-- Rebuilt from the bills: here for the bills already there, and after a load that skipped the
-- triggers (the benchmark's generator).
create function app_private.rebuild_bill_outstanding_totals() returns void
language sql security definer set search_path = pg_catalog as $$
  delete from app_public.bill_outstanding_by_subsidiary;
  delete from app_public.bill_outstanding_by_project;
  insert into app_public.bill_outstanding_by_project (subsidiary_id, project_id, outstanding_usd, bill_count)
  select b.subsidiary_id, b.project_id, sum(app_public.bills_outstanding_usd(b)), count(*)::integer
    from app_public.bills b
   where app_public.bills_outstanding(b) > 0
   group by b.subsidiary_id, b.project_id;
  insert into app_public.bill_outstanding_by_subsidiary (subsidiary_id, outstanding_usd, bill_count)
  select subsidiary_id, sum(outstanding_usd), sum(bill_count)::integer
    from app_public.bill_outstanding_by_project
   group by subsidiary_id;
$$;
comment on function app_private.rebuild_bill_outstanding_totals() is 'Recomputes the unpaid bills'' totals from the bills (after a load without triggers).';

select app_private.rebuild_bill_outstanding_totals();

create function app_public.unpaid_bills_total() returns numeric
language sql stable set search_path = pg_catalog as $$
  select (coalesce((select sum(s.outstanding_usd) from app_public.bill_outstanding_by_subsidiary s), 0)
        + coalesce((select sum(p.outstanding_usd) from app_public.bill_outstanding_by_project p), 0))::numeric(18,2)
$$;
comment on function app_public.unpaid_bills_total() is 'What every live bill you may see still owes, in USD: the unpaid view''s total without filters, the same sum as outstandingUsdTotal of the bills with outstanding > 0, from totals kept per subsidiary and project.';
grant execute on function app_public.unpaid_bills_total() to ledgerline_visitor;
