-- Controls a finance auditor accepts (issue 32, items 1–4; docs/workflows.md, docs/permissions.md):
-- every transition states its preconditions in app_private.transitions; the workflow functions
-- check them through one function (app_hidden.require_transition with the record), and
-- availableActions offers exactly the transitions whose preconditions hold now. Payments and file
-- changes join the table. Segregation of duties (the creator of a cost does not approve it, the
-- creator of an invoice does not validate it, unless the account holds admin), approval limits
-- (a second approval above a subsidiary's limit in USD, scope approve_cost_high) and the period
-- lock (nothing dated on or before a subsidiary's lock date changes) are preconditions there, and
-- the lock is also a trigger on every dated table.

--------------------------------------------------------------------------------------------------
-- 1. The subsidiary's controls: an approval limit in USD and a lock date. Only an admin changes
-- them (the guard below), through setSubsidiaryControls; every change is logged.

alter table app_public.subsidiaries
  add column approval_limit_usd numeric(18, 2) constraint subsidiaries_approval_limit_positive check (approval_limit_usd > 0),
  add column lock_date date;
comment on column app_public.subsidiaries.approval_limit_usd is E'@behavior -insert -update\nCosts above this amount in USD (with VAT) need a second approval by another user holding approve_cost_high. Null: no limit.';
comment on column app_public.subsidiaries.lock_date is E'@behavior -insert -update\nThe books are closed through this date: nothing dated on or before it is created, changed, archived, deleted or paid. Null: nothing is locked.';
grant update (approval_limit_usd, lock_date) on app_public.subsidiaries to ledgerline_visitor;

-- Who changed a subsidiary's controls, when, from what to what (the audit trail of these settings;
-- append-only: no role may change or delete a row).
create table app_public.subsidiary_control_changes (
  id bigint primary key generated always as identity,
  subsidiary_id uuid not null references app_public.subsidiaries (id) on delete cascade,
  control text not null constraint subsidiary_control_changes_control check (control in ('approval_limit_usd', 'lock_date')),
  old_value text,
  new_value text,
  user_id uuid references app_public.users (id) on delete set null,
  user_role text,
  created_at timestamptz not null default clock_timestamp()
);
comment on table app_public.subsidiary_control_changes is E'@behavior -insert -update -delete\nEvery change of a subsidiary''s approval limit or lock date: who, when, from what to what.';
create index subsidiary_control_changes_subsidiary_idx on app_public.subsidiary_control_changes (subsidiary_id, created_at desc);
create index subsidiary_control_changes_user_idx on app_public.subsidiary_control_changes (user_id);
alter table app_public.subsidiary_control_changes enable row level security;
create policy select_allowed on app_public.subsidiary_control_changes for select using (
  subsidiary_id = any ((select app_hidden.visible_subsidiary_ids())::uuid[]) and (select app_hidden.has_scope('company:read')));
grant select on app_public.subsidiary_control_changes to ledgerline_visitor;

create function app_private.tg_subsidiaries__controls() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_op = 'UPDATE' and (new.approval_limit_usd, new.lock_date) is not distinct from (old.approval_limit_usd, old.lock_date) then
    return new;
  end if;
  if tg_op = 'INSERT' and new.approval_limit_usd is null and new.lock_date is null then
    return new;
  end if;
  if app_hidden.current_user_id() is not null and not app_hidden.has_scope('admin') then
    perform app_hidden.fail('Forbidden', 'Only an administrator sets the approval limit and the lock date.');
  end if;
  insert into app_public.subsidiary_control_changes (subsidiary_id, control, old_value, new_value, user_id, user_role)
  select new.id, c.control, c.old_value, c.new_value, app_hidden.current_user_id(), app_hidden.current_role_name()
    from (values ('approval_limit_usd', case when tg_op = 'UPDATE' then old.approval_limit_usd::text end, new.approval_limit_usd::text),
                 ('lock_date', case when tg_op = 'UPDATE' then old.lock_date::text end, new.lock_date::text)) c(control, old_value, new_value)
   where c.old_value is distinct from c.new_value;
  return new;
end;
$$;
create trigger _400_controls after insert or update of approval_limit_usd, lock_date on app_public.subsidiaries
  for each row execute function app_private.tg_subsidiaries__controls();

create function app_public.set_subsidiary_controls(subsidiary_id uuid, approval_limit_usd numeric, lock_date date)
returns app_public.subsidiaries
language plpgsql volatile set search_path = pg_catalog as $$
declare
  subsidiary app_public.subsidiaries;
begin
  perform app_hidden.require_scope('admin');
  update app_public.subsidiaries s
     set approval_limit_usd = set_subsidiary_controls.approval_limit_usd, lock_date = set_subsidiary_controls.lock_date
   where s.id = set_subsidiary_controls.subsidiary_id returning * into subsidiary;
  if subsidiary.id is null then
    perform app_hidden.fail('SubsidiaryNotFound', 'Subsidiary not found');
  end if;
  return subsidiary;
end;
$$;
comment on function app_public.set_subsidiary_controls(uuid, numeric, date) is 'Sets a subsidiary''s approval limit in USD and lock date (null clears); admin only, logged in subsidiaryControlChanges.';

-- A refusal with parameters for the translated message (server/src/graphql/errors.ts passes the
-- detail's keys on as extensions beside the code).
create function app_hidden.fail(code text, message text, details jsonb) returns void
language plpgsql set search_path = pg_catalog as $$
begin
  raise exception using errcode = 'LL001', message = message, hint = code, detail = details::text;
end;
$$;

-- The lock date of a subsidiary, whoever asks (the lock applies to every account).
create function app_hidden.lock_date(subsidiary_id uuid) returns date
language sql stable security definer set search_path = pg_catalog as $$
  select s.lock_date from app_public.subsidiaries s where s.id = lock_date.subsidiary_id
$$;

-- The PeriodLocked refusal for a record dated `dated` in a subsidiary, or null when not locked.
create function app_hidden.period_lock_refusal(subsidiary_id uuid, dated date, record text) returns jsonb
language sql stable security definer set search_path = pg_catalog as $$
  select jsonb_build_object(
           'code', 'PeriodLocked',
           'message', format('The books of %s are closed through %s: %s, dated %s, cannot be created, changed, archived, deleted or paid.',
                             coalesce(s.short_name, s.legal_name), s.lock_date, record, dated),
           'details', jsonb_build_object('record', record, 'subsidiary', coalesce(s.short_name, s.legal_name),
                                         'date', s.lock_date, 'dated', dated))
    from app_public.subsidiaries s
   where s.id = period_lock_refusal.subsidiary_id and s.lock_date is not null and dated <= s.lock_date
$$;

create function app_hidden.raise_refusal(refusal jsonb) returns void
language plpgsql set search_path = pg_catalog as $$
begin
  if refusal is not null then
    perform app_hidden.fail(refusal ->> 'code', refusal ->> 'message', refusal -> 'details');
  end if;
end;
$$;

-- How a record is named in refusals (language-neutral: number and reference).
create function app_hidden.record_label(entity text, id integer, ref text) returns text
language sql immutable set search_path = pg_catalog as $$
  select format('%s #%s%s', entity, id, coalesce(' ' || nullif(ref, ''), ''))
$$;

-- The period of a cost or bill: its month's first day (a month is locked once any day of it is).
create function app_hidden.period_date(year integer, period integer) returns date
language sql immutable set search_path = pg_catalog as $$
  select make_date(year, period, 1)
$$;

-- The lock as triggers: every dated row, before and after the change. Writes without a signed-in
-- user (migrations, seeds) are not checked, as with the workflow guards.
create function app_private.tg__period_lock() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if tg_table_name = 'invoices' then
    if tg_op <> 'INSERT' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(old.subsidiary_id, old.invoice_date,
        app_hidden.record_label('invoice', old.id, old.invoice_ref)));
    end if;
    if tg_op <> 'DELETE' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(new.subsidiary_id, new.invoice_date,
        app_hidden.record_label('invoice', new.id, new.invoice_ref)));
    end if;
  elsif tg_table_name = 'costs' then
    if tg_op <> 'INSERT' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(old.subsidiary_id, app_hidden.period_date(old.year, old.period),
        app_hidden.record_label('cost', old.id, old.name)));
    end if;
    if tg_op <> 'DELETE' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(new.subsidiary_id, app_hidden.period_date(new.year, new.period),
        app_hidden.record_label('cost', new.id, new.name)));
    end if;
  elsif tg_table_name = 'bills' then
    if tg_op <> 'INSERT' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(old.subsidiary_id, app_hidden.period_date(old.year, old.period),
        app_hidden.record_label('bill', old.id, old.name)));
    end if;
    if tg_op <> 'DELETE' then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(new.subsidiary_id, app_hidden.period_date(new.year, new.period),
        app_hidden.record_label('bill', new.id, new.name)));
    end if;
  elsif tg_table_name = 'payments' then
    -- A payment knows its subsidiary once linked (the link's trigger sets it): checked then.
    if tg_op <> 'INSERT' and old.subsidiary_id is not null then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(old.subsidiary_id, old.payment_date::date,
        format('payment of %s %s', old.amount, old.currency)));
    end if;
    if tg_op <> 'DELETE' and new.subsidiary_id is not null then
      perform app_hidden.raise_refusal(app_hidden.period_lock_refusal(new.subsidiary_id, new.payment_date::date,
        format('payment of %s %s', new.amount, new.currency)));
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
create trigger _040_period_lock before insert or update or delete on app_public.invoices
  for each row when (app_hidden.current_user_id() is not null) execute function app_private.tg__period_lock();
create trigger _040_period_lock before insert or update or delete on app_public.costs
  for each row when (app_hidden.current_user_id() is not null) execute function app_private.tg__period_lock();
create trigger _040_period_lock before insert or update or delete on app_public.bills
  for each row when (app_hidden.current_user_id() is not null) execute function app_private.tg__period_lock();
create trigger _040_period_lock before insert or update or delete on app_public.payments
  for each row when (app_hidden.current_user_id() is not null) execute function app_private.tg__period_lock();

--------------------------------------------------------------------------------------------------
-- 2. Approval limits: a cost above its subsidiary's limit is approved by two users; the first
-- approval is recorded in first_approved_by (the cost stays to approve), the second in approved_by.

alter table app_public.costs add column first_approved_by uuid references app_public.users (id) on delete set null;
comment on column app_public.costs.first_approved_by is E'@behavior -insert -update\nThe first of two approvals of a cost above its subsidiary''s approval limit (the second is approved_by).';
create index costs_first_approved_by_idx on app_public.costs (first_approved_by);
grant update (first_approved_by) on app_public.costs to ledgerline_visitor;

-- The first approval changes only in the workflow functions, and a change of what was approved
-- (amount, VAT, project, …) withdraws it.
create function app_private.tg_costs__first_approval() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if tg_op = 'INSERT' then
    if new.first_approved_by is not null and app_hidden.workflow_mode() = 'off' then
      perform app_hidden.cannot_change_status();
    end if;
    return new;
  end if;
  if app_hidden.workflow_mode() = 'off' then
    if new.first_approved_by is distinct from old.first_approved_by then
      perform app_hidden.cannot_change_status();
    end if;
    if (new.name, new.amount, new.vat, new.invoice_id, new.cost_type_id, new.project_id, new.period, new.year)
       is distinct from (old.name, old.amount, old.vat, old.invoice_id, old.cost_type_id, old.project_id, old.period, old.year) then
      new.first_approved_by := null;
    end if;
  end if;
  return new;
end;
$$;
create trigger _060_first_approval before insert or update on app_public.costs
  for each row when (app_hidden.current_user_id() is not null) execute function app_private.tg_costs__first_approval();

-- Whether a cost needs two approvals: above its subsidiary's limit in USD (with VAT).
create function app_hidden.cost_needs_two_approvals(subsidiary_id uuid, amount_usd_w_vat numeric) returns boolean
language sql stable security definer set search_path = pg_catalog as $$
  select coalesce((select amount_usd_w_vat > s.approval_limit_usd from app_public.subsidiaries s
                    where s.id = cost_needs_two_approvals.subsidiary_id), false)
$$;

create function app_public.costs_approvals_needed(cost app_public.costs) returns integer
language sql stable set search_path = pg_catalog as $$
  select case when app_hidden.cost_needs_two_approvals(cost.subsidiary_id, cost.amount_usd_w_vat) then 2 else 1 end
$$;
comment on function app_public.costs_approvals_needed(app_public.costs) is 'How many approvals the cost needs: 2 above its subsidiary''s approval limit, else 1.';

create function app_public.costs_first_approved_by_name(cost app_public.costs) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from app_public.users u where u.id = cost.first_approved_by
$$;
comment on function app_public.costs_first_approved_by_name(app_public.costs) is 'The name of the user who gave the first of two approvals.';

create function app_public.costs_approved_by_name(cost app_public.costs) returns text
language sql stable security definer set search_path = pg_catalog as $$
  select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from app_public.users u where u.id = cost.approved_by
$$;
comment on function app_public.costs_approved_by_name(app_public.costs) is 'The name of the user who approved (or rejected) the cost; for a cost with two approvals, the second.';

-- The locked period as the screens show it: the subsidiary's lock date when the record is in it.
create function app_public.invoices_locked_through(invoice app_public.invoices) returns date
language sql stable set search_path = pg_catalog as $$
  select l from app_hidden.lock_date(invoice.subsidiary_id) l where invoice.invoice_date <= l
$$;
comment on function app_public.invoices_locked_through(app_public.invoices) is 'The lock date of the invoice''s subsidiary when the invoice is dated on or before it (its period is closed), else null.';

create function app_public.costs_locked_through(cost app_public.costs) returns date
language sql stable set search_path = pg_catalog as $$
  select l from app_hidden.lock_date(cost.subsidiary_id) l where app_hidden.period_date(cost.year, cost.period) <= l
$$;
comment on function app_public.costs_locked_through(app_public.costs) is 'The lock date of the cost''s subsidiary when the cost''s period is closed, else null.';

create function app_public.bills_locked_through(bill app_public.bills) returns date
language sql stable set search_path = pg_catalog as $$
  select l from app_hidden.lock_date(bill.subsidiary_id) l where app_hidden.period_date(bill.year, bill.period) <= l
$$;
comment on function app_public.bills_locked_through(app_public.bills) is 'The lock date of the bill''s subsidiary when the bill''s period is closed, else null.';

--------------------------------------------------------------------------------------------------
-- 3. Preconditions in the transitions table.

-- approve_cost_high: the second approval above a subsidiary's limit (implied by admin:cost).
insert into app_public.scopes (name, description) values
  ('approve_cost_high', 'Give the second approval of costs above the subsidiary''s approval limit');

create or replace function app_hidden.scope_closure(granted text[]) returns text[]
language sql immutable parallel safe set search_path = pg_catalog as $$
  with recursive implication(scope, implies) as (
    values
      ('admin', 'admin:user'), ('admin', 'admin:role'), ('admin', 'admin:invoice'),
      ('admin', 'admin:invoice:write'), ('admin', 'admin:bill'), ('admin', 'admin:documents'),
      ('admin', 'admin:cost'), ('admin', 'admin:cost:write'), ('admin', 'admin:payment'),
      ('admin', 'admin:project'), ('admin', 'admin:company'), ('admin', 'admin:cost_type'),
      ('admin', 'admin:service'), ('admin', 'create_report'),
      ('admin:user', 'admin:role'),
      ('admin:invoice:write', 'admin:invoice'),
      ('admin:invoice', 'invoice:write'), ('admin:invoice', 'validate_invoice'), ('admin:invoice', 'close_invoice'),
      ('admin:cost:write', 'admin:cost'),
      ('admin:cost', 'cost:write'), ('admin:cost', 'approve_cost'), ('admin:cost', 'approve_cost_high'),
      ('admin:bill', 'bill:write'),
      ('admin:documents', 'documents:write'),
      ('admin:payment', 'payment:write'),
      ('admin:project', 'project:write'),
      ('admin:company', 'company:write'),
      ('admin:cost_type', 'cost_type:write'),
      ('admin:service', 'service:write'),
      ('company:write', 'company:write_client'), ('company:write', 'company:write_supplier'),
      ('company:write', 'company:write_subsidiary'),
      ('company:write_client', 'company:read'), ('company:write_supplier', 'company:read'),
      ('company:write_subsidiary', 'company:read'),
      ('invoice:write', 'invoice:read'), ('bill:write', 'bill:read'), ('cost:write', 'cost:read'),
      ('documents:write', 'documents:read'), ('payment:write', 'payment:read'),
      ('project:write', 'project:read'), ('cost_type:write', 'cost_type:read'),
      ('service:write', 'service:read'),
      -- Whoever reads finance records reads the reference data they name.
      ('invoice:read', 'company:read'), ('invoice:read', 'project:read'),
      ('invoice:read', 'cost_type:read'), ('invoice:read', 'service:read'),
      ('bill:read', 'company:read'), ('bill:read', 'project:read'),
      ('bill:read', 'cost_type:read'), ('bill:read', 'service:read'),
      ('cost:read', 'company:read'), ('cost:read', 'project:read'),
      ('cost:read', 'cost_type:read'), ('cost:read', 'service:read'),
      ('documents:read', 'company:read'), ('documents:read', 'service:read'),
      ('create_report', 'project:read')
  ),
  closure(scope) as (
    select unnest(granted)
    union
    select i.implies from closure c join implication i on i.scope = c.scope
  )
  select coalesce(array_agg(scope order by scope), '{}') from closure where scope is not null
$$;
select app_private.refresh_account_access(array(select id from app_public.accounts));

-- Each precondition: its name in the transitions table, the code of its refusal, what it means.
create table app_private.preconditions (
  name text primary key,
  code text not null,
  description text not null
);
comment on table app_private.preconditions is 'What a transition needs besides its state and scopes; checked by app_hidden.precondition_refusal.';
insert into app_private.preconditions (name, code, description) values
  ('costs_approved', 'CostsNotApproved',
   'the invoice has live costs and every one is approved (SPEC §4 "Open: all costs are approved"); none: `InvoiceHasNoCosts`'),
  ('not_own_record', 'SegregationOfDuties',
   'the signed-in user did not create the record (segregation of duties), unless the account holds `admin`'),
  ('second_approver', 'SecondApprovalRequired',
   'above the subsidiary''s approval limit, once a first approval is given, the second comes from another user holding `approve_cost_high`'),
  ('period_open', 'PeriodLocked',
   'the record is dated after its subsidiary''s lock date (invoices by invoice date; costs by period and invoice date; bills by period)'),
  ('amount_remaining', 'PaymentExceedsRemaining',
   'something remains to be paid');

alter table app_private.transitions
  add column preconditions text[] not null default '{}';
comment on column app_private.transitions.preconditions is 'Names in app_private.preconditions: each must hold for the action to be taken (and offered).';

-- Payments and files join the table.
insert into app_private.transitions (entity, action, from_state, to_state, scopes, on_archived)
select 'invoice', a.action, s.state, null, a.scopes, false
  from (values ('add_payment', '{payment:write}'::text[], '{draft,open,validated}'::text[]),
               ('delete_payment', '{payment:write}', '{draft,open,validated,rejected}'),
               ('add_files', '{invoice:write}', '{draft,open,validated,paid,rejected,static}'),
               ('remove_files', '{invoice:write}', '{draft,open,validated,paid,rejected,static}')) a(action, scopes, states)
  cross join lateral unnest(a.states) s(state)
union all
select 'bill', a.action, s.state, null, a.scopes, false
  from (values ('add_payment', '{payment:write}'::text[], '{open,validated}'::text[]),
               ('delete_payment', '{payment:write}', '{open,validated}'),
               ('add_files', '{bill:write}', '{open,validated,paid}'),
               ('remove_files', '{bill:write}', '{open,validated,paid}')) a(action, scopes, states)
  cross join lateral unnest(a.states) s(state)
union all
select 'cost', a.action, s.state, null, a.scopes, false
  from (values ('add_files', '{cost:write}'::text[], '{to_approve,approved,rejected}'::text[]),
               ('remove_files', '{cost:write}', '{to_approve,approved,rejected}')) a(action, scopes, states)
  cross join lateral unnest(a.states) s(state);

-- Every action of a dated record waits for an open period; the rest as the rules say.
update app_private.transitions set preconditions = '{period_open}';
update app_private.transitions set preconditions = '{costs_approved,period_open}'
 where entity = 'invoice' and (to_state in ('open', 'paid') );
update app_private.transitions set preconditions = '{costs_approved,not_own_record,period_open}'
 where entity = 'invoice' and action = 'validate';
update app_private.transitions set preconditions = '{not_own_record,second_approver,period_open}'
 where entity = 'cost' and action = 'approve';
update app_private.transitions set preconditions = '{amount_remaining,period_open}'
 where action = 'add_payment';

create function app_private.tg_transitions__preconditions() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  if exists (select from unnest(new.preconditions) p where p not in (select name from app_private.preconditions)) then
    raise exception 'Unknown precondition in %', new.preconditions;
  end if;
  return new;
end;
$$;
create trigger _100_known_preconditions before insert or update on app_private.transitions
  for each row execute function app_private.tg_transitions__preconditions();

-- A record of any workflow entity, as the caller sees it (row-level security applies).
create type app_hidden.workflow_record as (
  entity text, id integer, state text, is_deleted boolean, subsidiary_id uuid, created_by uuid,
  dated date, label text, first_approved_by uuid, amount_usd_w_vat numeric, invoice_id integer
);

create function app_hidden.workflow_record(entity text, record_id integer) returns app_hidden.workflow_record
language sql stable set search_path = pg_catalog as $$
  select 'invoice', i.id, i.status::text, i.is_deleted, i.subsidiary_id, i.created_by, i.invoice_date,
         app_hidden.record_label('invoice', i.id, i.invoice_ref), null::uuid, i.amount_usd_w_vat, i.id
    from app_public.invoices i where workflow_record.entity = 'invoice' and i.id = record_id
  union all
  select 'cost', c.id, c.status::text, c.is_deleted, c.subsidiary_id, c.created_by, app_hidden.period_date(c.year, c.period),
         app_hidden.record_label('cost', c.id, c.name), c.first_approved_by, c.amount_usd_w_vat, c.invoice_id
    from app_public.costs c where workflow_record.entity = 'cost' and c.id = record_id
  union all
  select 'bill', b.id, b.status::text, b.is_deleted, b.subsidiary_id, b.created_by, app_hidden.period_date(b.year, b.period),
         app_hidden.record_label('bill', b.id, b.name), null, b.amount_usd_w_vat, null
    from app_public.bills b where workflow_record.entity = 'bill' and b.id = record_id
$$;

-- Why a precondition does not hold for a record now ({code, message, details}), or null.
create function app_hidden.precondition_refusal(r app_hidden.workflow_record, precondition text) returns jsonb
language plpgsql stable set search_path = pg_catalog as $$
declare
  pending integer;
  live integer;
begin
  case precondition
  when 'costs_approved' then
    select count(*), count(*) filter (where c.status <> 'approved') into live, pending
      from app_public.costs c where c.invoice_id = r.id and not c.is_deleted;
    if live = 0 then
      return jsonb_build_object('code', 'InvoiceHasNoCosts', 'message', format('%s has no costs.', r.label),
                                'details', jsonb_build_object('record', r.label));
    elsif pending > 0 then
      return jsonb_build_object('code', 'CostsNotApproved',
        'message', format('%s: %s of its %s costs are not approved; all costs of the invoice must be approved first.', r.label, pending, live),
        'details', jsonb_build_object('record', r.label, 'pending', pending, 'costs', live));
    end if;
  when 'not_own_record' then
    if r.created_by = app_hidden.current_user_id() and not app_hidden.has_scope('admin') then
      return jsonb_build_object('code', 'SegregationOfDuties',
        'message', format('You created %s: another user must %s it.', r.label, case when r.entity = 'cost' then 'approve' else 'validate' end),
        'details', jsonb_build_object('record', r.label));
    end if;
  when 'second_approver' then
    if r.first_approved_by is not null and app_hidden.cost_needs_two_approvals(r.subsidiary_id, r.amount_usd_w_vat)
       and (r.first_approved_by = app_hidden.current_user_id() or not app_hidden.has_scope('approve_cost_high')) then
      return jsonb_build_object('code', 'SecondApprovalRequired',
        'message', format('%s is above the approval limit of its subsidiary and has its first approval: the second must come from another user with approve_cost_high.', r.label),
        'details', jsonb_build_object('record', r.label));
    end if;
  when 'period_open' then
    return coalesce(app_hidden.period_lock_refusal(r.subsidiary_id, r.dated, r.label),
                    (select app_hidden.period_lock_refusal(i.subsidiary_id, i.invoice_date, app_hidden.record_label('invoice', i.id, i.invoice_ref))
                       from app_public.invoices i where r.entity = 'cost' and i.id = r.invoice_id));
  when 'amount_remaining' then
    if (r.entity = 'invoice' and (select app_public.invoices_remaining_amount(i) from app_public.invoices i where i.id = r.id) <= 0)
       or (r.entity = 'bill' and (select app_public.bills_remaining_amount(b) from app_public.bills b where b.id = r.id) <= 0) then
      return jsonb_build_object('code', 'PaymentExceedsRemaining', 'message', format('%s is fully paid: nothing remains to pay.', r.label),
                                'details', jsonb_build_object('record', r.label));
    end if;
  end case;
  return null;
end;
$$;

-- Why an action cannot be taken on a record now, or null: no transition from its state (or it is
-- archived), a scope missing (Forbidden), or a precondition failing — in that order.
create function app_hidden.transition_refusal(r app_hidden.workflow_record, action text) returns jsonb
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  step app_private.transitions;
  scope text;
  precondition text;
  refusal jsonb;
begin
  select * into step from app_private.transitions t
   where t.entity = r.entity and t.action = transition_refusal.action and t.from_state = r.state;
  if step.entity is null or (r.is_deleted and not step.on_archived)
     or (action = 'archive' and r.is_deleted) or (action = 'unarchive' and not r.is_deleted) then
    return jsonb_build_object('code', 'CannotChangeStatus',
      'message', format('Cannot change status: %s is %s%s, and "%s" is not possible from there.', r.label, r.state,
                        case when r.is_deleted then ' (archived)' else '' end, action),
      'details', jsonb_build_object('record', r.label, 'action', action, 'state', r.state));
  end if;
  foreach scope in array step.scopes loop
    if not app_hidden.has_scope(scope) then
      return jsonb_build_object('code', 'Forbidden',
        'message', format('You don''t have the permission for this action (%s) on %s.', scope, r.label),
        'details', jsonb_build_object('record', r.label, 'scope', scope));
    end if;
  end loop;
  foreach precondition in array step.preconditions loop
    refusal := app_hidden.precondition_refusal(r, precondition);
    if refusal is not null then
      return refusal;
    end if;
  end loop;
  return null;
end;
$$;

-- The workflow functions' check: refused with the record, the reason and a stable code; returns
-- the state the action reaches (null: unchanged).
create function app_hidden.require_transition(entity text, action text, record_id integer) returns text
language plpgsql stable set search_path = pg_catalog as $$
declare
  r app_hidden.workflow_record := app_hidden.workflow_record(entity, record_id);
begin
  if r.id is null then
    perform app_hidden.fail(case entity when 'invoice' then 'InvoiceNotFound' when 'cost' then 'CostNotFound' else 'BillNotFound' end,
                            case entity when 'invoice' then 'The invoice not found' when 'cost' then 'Cost not found' else 'The bill not found' end);
  end if;
  perform app_hidden.raise_refusal(app_hidden.transition_refusal(r, action));
  return (select t.to_state from app_private.transitions t
           where t.entity = require_transition.entity and t.action = require_transition.action and t.from_state = r.state);
end;
$$;
comment on function app_hidden.require_transition(text, text, integer) is 'Checks an action on a record against app_private.transitions (state, scopes, preconditions); refuses naming the record and the reason.';

-- The actions whose state, scopes and preconditions hold for the record now: each precondition is
-- evaluated once per record.
create function app_hidden.available_actions(entity text, record_id integer) returns text[]
language plpgsql stable security definer set search_path = pg_catalog as $$
declare
  r app_hidden.workflow_record := app_hidden.workflow_record(entity, record_id);
  scopes text[] := app_hidden.current_scopes();
  failing text[];
begin
  if r.id is null then
    return '{}';
  end if;
  select coalesce(array_agg(p.name), '{}') into failing
    from app_private.preconditions p
   where p.name in (select unnest(t.preconditions) from app_private.transitions t
                     where t.entity = r.entity and t.from_state = r.state and t.scopes <@ scopes)
     and app_hidden.precondition_refusal(r, p.name) is not null;
  return (select coalesce(array_agg(t.action order by t.action), '{}')
            from app_private.transitions t
           where t.entity = r.entity and t.from_state = r.state
             and (t.on_archived or not r.is_deleted)
             and not (t.action = 'archive' and r.is_deleted)
             and not (t.action = 'unarchive' and not r.is_deleted)
             and t.scopes <@ scopes
             and not (t.preconditions && failing));
end;
$$;

create or replace function app_public.invoices_available_actions(invoice app_public.invoices) returns text[]
language sql stable set search_path = pg_catalog as $$
  select app_hidden.available_actions('invoice', invoice.id)
$$;
comment on function app_public.invoices_available_actions(app_public.invoices) is 'The workflow actions you may take on this invoice now: those of app_private.transitions whose state, scopes and preconditions hold (open, validate, reject, reopen, reset_to_open, close_as_paid, edit, archive, unarchive, delete, force_delete, duplicate, add_payment, delete_payment, add_files, remove_files).';

create or replace function app_public.costs_available_actions(cost app_public.costs) returns text[]
language sql stable set search_path = pg_catalog as $$
  select app_hidden.available_actions('cost', cost.id)
$$;
comment on function app_public.costs_available_actions(app_public.costs) is 'The workflow actions you may take on this cost now (approve, reject, return_to_approval, edit, delete, force_delete, add_files, remove_files).';

create or replace function app_public.bills_available_actions(bill app_public.bills) returns text[]
language sql stable set search_path = pg_catalog as $$
  select app_hidden.available_actions('bill', bill.id)
$$;
comment on function app_public.bills_available_actions(app_public.bills) is 'The workflow actions you may take on this bill now (validate, close_as_paid, edit, archive, unarchive, delete, force_delete, add_payment, delete_payment, add_files, remove_files).';

--------------------------------------------------------------------------------------------------
-- 4. The workflow functions, each checking its transition on the record.

-- A draft invoice whose last live cost is approved opens by itself (as the owner: the approver
-- need not hold invoice:write; the transition's other preconditions hold by then).
create function app_hidden.open_when_costs_approved(invoice_id integer) returns void
language plpgsql volatile security definer set search_path = pg_catalog as $$
declare
  previous text;
begin
  if exists (select from app_public.invoices i where i.id = invoice_id and i.status = 'draft' and not i.is_deleted)
     and exists (select from app_public.costs c where c.invoice_id = open_when_costs_approved.invoice_id and not c.is_deleted)
     and not exists (select from app_public.costs c
                      where c.invoice_id = open_when_costs_approved.invoice_id and not c.is_deleted and c.status <> 'approved') then
    previous := app_hidden.set_workflow_mode('on');
    update app_public.invoices i set status = 'open' where i.id = invoice_id;
    perform app_hidden.set_workflow_mode(previous);
  end if;
end;
$$;

create or replace function app_public.approve_cost(cost_id integer) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  perform app_hidden.require_transition('cost', 'approve', cost.id);
  previous := app_hidden.set_workflow_mode('on');
  if app_hidden.cost_needs_two_approvals(cost.subsidiary_id, cost.amount_usd_w_vat) and cost.first_approved_by is null then
    -- The first of two approvals: recorded; the cost waits for the second.
    update app_public.costs c set first_approved_by = app_hidden.require_user() where c.id = cost_id returning * into cost;
  else
    update app_public.costs c set status = 'approved', approved_by = app_hidden.require_user(), reject_reason = null
     where c.id = cost_id returning * into cost;
    perform app_hidden.open_when_costs_approved(cost.invoice_id);
  end if;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$$;
comment on function app_public.approve_cost(integer) is 'To approve → approved, recording the approver; above the subsidiary''s approval limit the first approval is recorded and a second by another user (approve_cost_high) approves. A draft invoice whose last live cost is approved opens.';

create or replace function app_public.reject_cost(cost_id integer, reason text) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  if coalesce(btrim(reason), '') = '' then
    perform app_hidden.fail('ReasonRequired', 'A reason is required.');
  end if;
  perform app_hidden.require_transition('cost', 'reject', cost.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'rejected', approved_by = app_hidden.require_user(), reject_reason = reason,
                                first_approved_by = null
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$$;

create or replace function app_public.return_cost_to_approval(cost_id integer) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  perform app_hidden.require_transition('cost', 'return_to_approval', cost.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'to_approve', reject_reason = null, approved_by = null, first_approved_by = null
   where c.id = cost_id returning * into cost;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$$;

create or replace function app_public.delete_cost(cost_id integer, force boolean default false) returns app_public.costs
language plpgsql volatile set search_path = pg_catalog as $$
declare
  cost app_public.costs := app_hidden.cost_for_update(cost_id);
  previous text;
begin
  if cost.status = 'approved' and not force then
    perform app_hidden.fail('CannotDeleteApprovedCost', 'Cannot delete an approved cost.');
  end if;
  perform app_hidden.require_transition('cost', case when force and cost.status = 'approved' then 'force_delete' else 'delete' end, cost.id);
  previous := app_hidden.set_workflow_mode(case when cost.status = 'approved' then 'force' else app_hidden.workflow_mode() end);
  delete from app_public.costs c where c.id = cost_id;
  perform app_hidden.set_workflow_mode(previous);
  return cost;
end;
$$;

create or replace function app_public.open_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'open', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open' where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.validate_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'validate', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'validated', validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.reject_invoice(invoice_id integer, reason text) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  if coalesce(btrim(reason), '') = '' then
    perform app_hidden.fail('ReasonRequired', 'A reason is required.');
  end if;
  perform app_hidden.require_transition('invoice', 'reject', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.costs c set status = 'rejected', reject_reason = 'invoice_rejected', approved_by = app_hidden.current_user_id(),
                                first_approved_by = null
   where c.invoice_id = invoice.id and not c.is_deleted;
  update app_public.invoices i set status = 'rejected', reject_reason = reason, validated_by = app_hidden.require_user()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.reopen_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'reopen', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open', reject_reason = null where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.reset_invoice_to_open(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'reset_to_open', invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'open', validated_by = null, reject_reason = null, closed_by = null
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.close_invoice_as_paid(invoice_id integer,
  final_payment_method app_public.payment_method default null,
  final_payment_date timestamptz default null) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  remaining numeric;
  previous text;
begin
  perform app_hidden.require_transition('invoice', 'close_as_paid', invoice.id);
  perform app_hidden.require_user();
  remaining := app_public.invoices_remaining_amount(invoice);
  if remaining > 0 then
    if final_payment_method is null or final_payment_date is null then
      perform app_hidden.fail('InvoiceNotFullyPaid',
        format('The invoice is not fully paid: %s %s remain. Give a method and date for the final payment.', remaining, invoice.currency));
    end if;
    perform app_public.create_invoice_payment(invoice.id, remaining, invoice.currency, final_payment_date, final_payment_method);
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set status = 'paid', closed_by = app_hidden.current_user_id()
   where i.id = invoice.id returning * into invoice;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.set_invoice_deleted(invoice_id integer, is_deleted boolean) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  previous text;
begin
  -- Archiving an archived invoice (or restoring a live one) again is allowed, as before: it is
  -- checked as the opposite action, which has the same scopes and preconditions.
  if invoice.is_deleted = set_invoice_deleted.is_deleted then
    perform app_hidden.require_transition('invoice', case when set_invoice_deleted.is_deleted then 'unarchive' else 'archive' end, invoice.id);
  else
    perform app_hidden.require_transition('invoice', case when set_invoice_deleted.is_deleted then 'archive' else 'unarchive' end, invoice.id);
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set is_deleted = set_invoice_deleted.is_deleted where i.id = invoice.id;
  update app_public.costs c set is_deleted = set_invoice_deleted.is_deleted where c.invoice_id = invoice.id;
  perform app_hidden.set_workflow_mode(previous);
  select * into invoice from app_public.invoices i where i.id = invoice.id;
  return invoice;
end;
$$;

create or replace function app_public.delete_invoice(invoice_id integer, force boolean default false) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  payment_ids uuid[];
  previous text;
begin
  if not force then
    if invoice.status in ('validated', 'paid') then
      perform app_hidden.fail('CannotDeleteClosedInvoice', 'A validated or paid invoice can only be force deleted.');
    end if;
    if exists (select from app_public.invoices_payments ip where ip.invoice_id = invoice.id) then
      perform app_hidden.fail('InvoiceHasPayments', 'The invoice has payments: delete them first, or force delete.');
    end if;
  end if;
  perform app_hidden.require_transition('invoice', case when force then 'force_delete' else 'delete' end, invoice.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.invoices i set is_deleted = true where i.id = invoice.id;
  update app_public.costs c set is_deleted = true where c.invoice_id = invoice.id;
  perform app_hidden.set_workflow_mode('purge');
  select array_agg(ip.payment_id) into payment_ids from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.invoices_payments ip where ip.invoice_id = invoice.id;
  delete from app_public.costs c where c.invoice_id = invoice.id;
  delete from app_public.invoices i where i.id = invoice.id;
  perform app_hidden.set_workflow_mode(previous);
  return invoice;
end;
$$;

create or replace function app_public.duplicate_invoice(invoice_id integer) returns app_public.invoices
language plpgsql volatile set search_path = pg_catalog as $$
declare
  source app_public.invoices := app_hidden.invoice_for_update(invoice_id);
  copy app_public.invoices;
begin
  perform app_hidden.require_transition('invoice', 'duplicate', source.id);
  insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, period_start, period_end, currency,
                                   subsidiary_id, supplier_id, default_cost_type_id)
  values (source.type, source.invoice_ref || ' (copy)', source.invoice_date, source.due_date, source.period_start,
          source.period_end, source.currency, source.subsidiary_id, source.supplier_id, source.default_cost_type_id)
  returning * into copy;
  insert into app_public.costs (name, description, amount, vat, invoice_id, to_bill, cost_type_id, project_id, period, year)
  select c.name, c.description, c.amount, c.vat, copy.id, c.to_bill, c.cost_type_id, c.project_id, c.period, c.year
    from app_public.costs c where c.invoice_id = source.id and not c.is_deleted order by c.id;
  select * into copy from app_public.invoices i where i.id = copy.id;
  return copy;
end;
$$;

create or replace function app_public.validate_bill(bill_id integer) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  previous text;
begin
  perform app_hidden.require_transition('bill', 'validate', bill.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set status = 'validated' where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

create or replace function app_public.close_bill_as_paid(bill_id integer,
  final_payment_method app_public.payment_method default null,
  final_payment_date timestamptz default null) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  remaining numeric;
  previous text;
begin
  perform app_hidden.require_transition('bill', 'close_as_paid', bill.id);
  perform app_hidden.require_user();
  remaining := app_public.bills_remaining_amount(bill);
  if remaining > 0 then
    if final_payment_method is null or final_payment_date is null then
      perform app_hidden.fail('BillNotFullyPaid',
        format('The bill is not fully paid: %s %s remain. Give a method and date for the final payment.', remaining, bill.currency));
    end if;
    perform app_public.create_bill_payment(bill.id, remaining, bill.currency, final_payment_date, final_payment_method);
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set status = 'paid', closed_by = app_hidden.current_user_id()
   where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

create or replace function app_public.set_bill_deleted(bill_id integer, is_deleted boolean) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  previous text;
begin
  if bill.is_deleted = set_bill_deleted.is_deleted then
    perform app_hidden.require_transition('bill', case when set_bill_deleted.is_deleted then 'unarchive' else 'archive' end, bill.id);
  else
    perform app_hidden.require_transition('bill', case when set_bill_deleted.is_deleted then 'archive' else 'unarchive' end, bill.id);
  end if;
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set is_deleted = set_bill_deleted.is_deleted where b.id = bill.id returning * into bill;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

create or replace function app_public.delete_bill(bill_id integer, force boolean default false) returns app_public.bills
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills := app_hidden.bill_for_update(bill_id);
  payment_ids uuid[];
  previous text;
begin
  if not force and exists (select from app_public.bills_payments bp where bp.bill_id = bill.id) then
    perform app_hidden.fail('BillHasPayments', 'The bill has payments: delete them first, or force delete.');
  end if;
  perform app_hidden.require_transition('bill', case when force then 'force_delete' else 'delete' end, bill.id);
  previous := app_hidden.set_workflow_mode('on');
  update app_public.bills b set is_deleted = true where b.id = bill.id;
  perform app_hidden.set_workflow_mode('force');
  select array_agg(bp.payment_id) into payment_ids from app_public.bills_payments bp where bp.bill_id = bill.id;
  delete from app_public.payments p where p.id = any(payment_ids);
  delete from app_public.bills_payments bp where bp.bill_id = bill.id;
  if force then
    delete from app_public.costs c where c.bill_id = bill.id;
  else
    update app_public.costs c set bill_id = null where c.bill_id = bill.id;
  end if;
  delete from app_public.bills b where b.id = bill.id;
  perform app_hidden.set_workflow_mode(previous);
  return bill;
end;
$$;

-- Payments: the record's add_payment / delete_payment transition (state, payment:write, an open
-- period, something left to pay), then the payment's own rules; the trigger checks the payment date.
create or replace function app_public.create_invoice_payment(invoice_id integer, amount numeric, currency text,
  payment_date timestamptz, payment_method app_public.payment_method) returns app_public.invoices_payments
language plpgsql volatile set search_path = pg_catalog as $$
declare
  invoice app_public.invoices;
  payment_id uuid;
  link app_public.invoices_payments;
begin
  perform app_hidden.require_scope('payment:write');
  invoice := app_hidden.invoice_for_payment(invoice_id);
  perform app_hidden.require_transition('invoice', 'add_payment', invoice.id);
  perform app_hidden.check_payment(invoice.currency, app_public.invoices_remaining_amount(invoice), amount, currency,
                                   payment_date, payment_method);
  payment_id := gen_random_uuid();
  insert into app_public.payments (id, amount, currency, payment_date, payment_method)
  values (payment_id, amount, currency, payment_date, payment_method);
  insert into app_public.invoices_payments (invoice_id, payment_id) values (invoice.id, payment_id) returning * into link;
  return link;
end;
$$;

create or replace function app_public.create_bill_payment(bill_id integer, amount numeric, currency text,
  payment_date timestamptz, payment_method app_public.payment_method) returns app_public.bills_payments
language plpgsql volatile set search_path = pg_catalog as $$
declare
  bill app_public.bills;
  payment_id uuid;
  link app_public.bills_payments;
begin
  perform app_hidden.require_scope('payment:write');
  bill := app_hidden.bill_for_payment(bill_id);
  perform app_hidden.require_transition('bill', 'add_payment', bill.id);
  perform app_hidden.check_payment(bill.currency, app_public.bills_remaining_amount(bill), amount, currency,
                                   payment_date, payment_method);
  payment_id := gen_random_uuid();
  insert into app_public.payments (id, amount, currency, payment_date, payment_method)
  values (payment_id, amount, currency, payment_date, payment_method);
  insert into app_public.bills_payments (bill_id, payment_id) values (bill.id, payment_id) returning * into link;
  return link;
end;
$$;

create or replace function app_public.delete_payment(payment_id uuid) returns app_public.payments
language plpgsql volatile set search_path = pg_catalog as $$
declare
  payment app_public.payments;
  paid_invoice_id integer;
  paid_bill_id integer;
begin
  perform app_hidden.require_scope('payment:write');
  select * into payment from app_public.payments p where p.id = payment_id for update;
  if payment.id is null then
    perform app_hidden.fail('PaymentNotFound', 'Payment not found');
  end if;
  select ip.invoice_id into paid_invoice_id from app_public.invoices_payments ip where ip.payment_id = payment.id;
  select bp.bill_id into paid_bill_id from app_public.bills_payments bp where bp.payment_id = payment.id;
  if (paid_invoice_id is not null and (select i.status from app_public.invoices i where i.id = paid_invoice_id) = 'paid')
     or (paid_bill_id is not null and (select b.status from app_public.bills b where b.id = paid_bill_id) = 'paid') then
    perform app_hidden.fail('PaymentOfClosedRecord',
      'The payment belongs to an invoice or bill closed as paid and cannot be deleted. Reset the invoice to open first.');
  end if;
  if paid_invoice_id is not null then
    perform app_hidden.require_transition('invoice', 'delete_payment', paid_invoice_id);
  elsif paid_bill_id is not null then
    perform app_hidden.require_transition('bill', 'delete_payment', paid_bill_id);
  end if;
  delete from app_public.payments p where p.id = payment.id;
  if found is false then
    perform app_hidden.fail('PaymentNotFound', 'Payment not found');
  end if;
  return payment;
end;
$$;

-- Files: the record's add_files / remove_files transition.
create or replace function app_public.add_bill_files(bill_id integer, file_ids uuid[]) returns setof app_public.bills_files
language plpgsql volatile set search_path = pg_catalog as $$
begin
  perform app_hidden.require_visible_files(file_ids);
  perform app_hidden.require_transition('bill', 'add_files', add_bill_files.bill_id);
  return query insert into app_public.bills_files (bill_id, file_id)
    select add_bill_files.bill_id, f from unnest(file_ids) f group by f
    on conflict on constraint bills_files_unique do nothing returning *;
end;
$$;

create or replace function app_public.add_invoice_files(invoice_id integer, file_ids uuid[]) returns setof app_public.invoices_files
language plpgsql volatile set search_path = pg_catalog as $$
begin
  perform app_hidden.require_visible_files(file_ids);
  perform app_hidden.require_transition('invoice', 'add_files', add_invoice_files.invoice_id);
  return query insert into app_public.invoices_files (invoice_id, file_id)
    select add_invoice_files.invoice_id, f from unnest(file_ids) f group by f
    on conflict on constraint invoices_files_unique do nothing returning *;
end;
$$;

create or replace function app_public.add_cost_files(cost_id integer, file_ids uuid[]) returns setof app_public.costs_files
language plpgsql volatile set search_path = pg_catalog as $$
begin
  perform app_hidden.require_visible_files(file_ids);
  perform app_hidden.require_transition('cost', 'add_files', add_cost_files.cost_id);
  return query insert into app_public.costs_files (cost_id, file_id)
    select add_cost_files.cost_id, f from unnest(file_ids) f group by f
    on conflict on constraint costs_files_unique do nothing returning *;
end;
$$;

create or replace function app_public.remove_bill_files(bill_id integer, file_ids uuid[]) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_ids(file_ids);
  perform app_hidden.require_transition('bill', 'remove_files', remove_bill_files.bill_id);
  with gone as (delete from app_public.bills_files l where l.bill_id = remove_bill_files.bill_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$$;

create or replace function app_public.remove_invoice_files(invoice_id integer, file_ids uuid[]) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_ids(file_ids);
  perform app_hidden.require_transition('invoice', 'remove_files', remove_invoice_files.invoice_id);
  with gone as (delete from app_public.invoices_files l where l.invoice_id = remove_invoice_files.invoice_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$$;

create or replace function app_public.remove_cost_files(cost_id integer, file_ids uuid[]) returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  unlinked uuid[];
begin
  perform app_hidden.require_ids(file_ids);
  perform app_hidden.require_transition('cost', 'remove_files', remove_cost_files.cost_id);
  with gone as (delete from app_public.costs_files l where l.cost_id = remove_cost_files.cost_id and l.file_id = any(file_ids) returning l.file_id)
  select array_agg(file_id) into unlinked from gone;
  if unlinked is null then
    perform app_hidden.fail('FileNotFound', 'File not found');
  end if;
  perform app_hidden.delete_unreferenced_files(unlinked);
  return cardinality(unlinked);
end;
$$;

grant execute on function app_hidden.fail(text, text, jsonb), app_hidden.lock_date(uuid),
  app_hidden.period_lock_refusal(uuid, date, text), app_hidden.raise_refusal(jsonb),
  app_hidden.record_label(text, integer, text), app_hidden.period_date(integer, integer),
  app_hidden.cost_needs_two_approvals(uuid, numeric), app_hidden.workflow_record(text, integer),
  app_hidden.precondition_refusal(app_hidden.workflow_record, text),
  app_hidden.transition_refusal(app_hidden.workflow_record, text),
  app_hidden.require_transition(text, text, integer), app_hidden.available_actions(text, integer),
  app_hidden.open_when_costs_approved(integer) to ledgerline_visitor;
grant usage on type app_hidden.workflow_record to ledgerline_visitor;
