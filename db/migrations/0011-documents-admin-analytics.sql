-- Documents, roles and accounts administration, look-ups, company similarity, analytics,
-- selection summaries and the audit feeds of invoices and bills.

--------------------------------------------------------------------------------------------------
-- Documents

create function app_hidden.document_for_update(document_id uuid) returns app_public.documents
language plpgsql volatile set search_path = pg_catalog as $$
declare
  document app_public.documents;
begin
  select * into document from app_public.documents d where d.id = document_id for update;
  if document.id is null then
    perform app_hidden.fail('DocumentNotFound', 'Document not found');
  end if;
  return document;
end;
$$;

-- Edits a document and, in the same call, detaches child documents (their contract_reference is
-- cleared) and attaches others (contract_reference set to this document). Only the keys present in
-- data change (column names, e.g. {"name": "…", "expiration_date": null}).
create function app_public.edit_document(document_id uuid, data jsonb default '{}',
  connect_ids uuid[] default '{}', disconnect_ids uuid[] default '{}') returns app_public.documents
language plpgsql volatile set search_path = pg_catalog as $$
declare
  allowed constant text[] := array['name', 'type', 'description', 'comments', 'email', 'amount', 'currency',
    'signing_date', 'expiration_date', 'expiration_conditions', 'expiration_extends_contract',
    'contract_reference', 'contractor_id', 'principal_id', 'client_id', 'service_id'];
  document app_public.documents := app_hidden.document_for_update(document_id);
  key text;
  changed integer;
begin
  for key in select jsonb_object_keys(coalesce(data, '{}')) loop
    if not key = any(allowed) then
      perform app_hidden.fail('InvalidInput', format('The field %s cannot be changed here.', key));
    end if;
  end loop;
  if coalesce(data, '{}') <> '{}' then
    update app_public.documents d
       set name = p.name, type = p.type, description = p.description, comments = p.comments, email = p.email,
           amount = p.amount, currency = p.currency, signing_date = p.signing_date,
           expiration_date = p.expiration_date, expiration_conditions = p.expiration_conditions,
           expiration_extends_contract = p.expiration_extends_contract, contract_reference = p.contract_reference,
           contractor_id = p.contractor_id, principal_id = p.principal_id, client_id = p.client_id,
           service_id = p.service_id
      from jsonb_populate_record(document, data) p
     where d.id = document.id;
  end if;
  if cardinality(coalesce(disconnect_ids, '{}')) > 0 then
    update app_public.documents d set contract_reference = null
     where d.id = any(disconnect_ids) and d.contract_reference = document.id;
  end if;
  if cardinality(coalesce(connect_ids, '{}')) > 0 then
    if document.id = any(connect_ids) then
      perform app_hidden.fail('InvalidInput', 'A document cannot be its own child.');
    end if;
    update app_public.documents d set contract_reference = document.id where d.id = any(connect_ids);
    get diagnostics changed = row_count;
    if changed <> cardinality(array(select distinct unnest(connect_ids))) then
      perform app_hidden.fail('DocumentNotFound', 'Document not found');
    end if;
  end if;
  select * into document from app_public.documents d where d.id = edit_document.document_id;
  return document;
end;
$$;

create function app_public.set_document_deleted(document_id uuid, is_deleted boolean) returns app_public.documents
language plpgsql volatile set search_path = pg_catalog as $$
declare
  document app_public.documents := app_hidden.document_for_update(document_id);
begin
  update app_public.documents d
     set is_deleted = set_document_deleted.is_deleted,
         deleted_by = case when set_document_deleted.is_deleted then app_hidden.current_user_id() end
   where d.id = document.id returning * into document;
  return document;
end;
$$;
grant update (is_deleted, deleted_by) on app_public.documents to ledgerline_visitor;
comment on column app_public.documents.is_deleted is E'@behavior -insert -update\nArchived; see setDocumentDeleted.';
comment on column app_public.documents.deleted_by is E'@behavior -insert -update';

create type app_public.document_prep_vals as (
  principal_id uuid,
  client_id uuid,
  service_id uuid,
  contractor_id uuid
);
comment on type app_public.document_prep_vals is 'The parties of a document, to prefill a related one.';

create function app_public.get_document_prep_vals(document_id uuid) returns app_public.document_prep_vals
language plpgsql stable set search_path = pg_catalog as $$
declare
  result app_public.document_prep_vals;
begin
  select d.principal_id, d.client_id, d.service_id, d.contractor_id into result
    from app_public.documents d where d.id = document_id;
  if not found then
    perform app_hidden.fail('DocumentNotFound', 'Document not found');
  end if;
  return result;
end;
$$;

create function app_public.contracts() returns setof app_public.documents
language sql stable set search_path = pg_catalog as $$
  select d.* from app_public.documents d where d.type = 'Contract' and not d.is_deleted order by d.name
$$;
comment on function app_public.contracts() is 'Live contracts, by name: the parents a document can belong to.';

create function app_public.offers() returns setof app_public.documents
language sql stable set search_path = pg_catalog as $$
  select d.* from app_public.documents d where d.type = 'Offer' and not d.is_deleted order by d.name
$$;
comment on function app_public.offers() is 'Live offers, by name (each with parentName).';

create function app_public.documents_parent_name(document app_public.documents) returns text
language sql stable set search_path = pg_catalog as $$
  select p.name from app_public.documents p where p.id = document.contract_reference
$$;

--------------------------------------------------------------------------------------------------
-- Roles and accounts

-- A role needs at least one scope (checked at commit, so scopes can be replaced in one call).
create function app_private.check_role_has_scope(role_id uuid) returns void
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if exists (select from app_public.roles r where r.id = role_id)
     and not exists (select from app_public.role_scopes rs where rs.role_id = check_role_has_scope.role_id) then
    perform app_hidden.fail('RoleNeedsScope', 'A role needs at least one scope.');
  end if;
end;
$$;

create function app_private.tg_roles__need_scope() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.check_role_has_scope(new.id);
  return null;
end;
$$;
create constraint trigger _900_need_scope after insert on app_public.roles
  deferrable initially deferred for each row execute function app_private.tg_roles__need_scope();

create function app_private.tg_role_scopes__need_scope() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.check_role_has_scope(old.role_id);
  return null;
end;
$$;
create constraint trigger _900_need_scope after delete or update on app_public.role_scopes
  deferrable initially deferred for each row execute function app_private.tg_role_scopes__need_scope();

comment on table app_public.roles is E'@behavior -insert\nA named set of scopes; every account has one. Created with createRole (name and at least one scope).';

create function app_public.create_role(name text, scopes text[]) returns app_public.roles
language plpgsql volatile set search_path = pg_catalog as $$
declare
  role app_public.roles;
begin
  if coalesce(btrim(name), '') = '' then
    perform app_hidden.fail('FieldRequired', 'Field is required');
  end if;
  if cardinality(coalesce(scopes, '{}')) = 0 then
    perform app_hidden.fail('RoleNeedsScope', 'A role needs at least one scope.');
  end if;
  insert into app_public.roles (name) values (btrim(name)) returning * into role;
  insert into app_public.role_scopes (role_id, scope) select role.id, s from unnest(scopes) s group by s;
  return role;
end;
$$;

-- Changes a role's scopes by delta: removes the given scopes, adds the new ones.
create function app_public.update_role_scopes(role_id uuid, add text[] default '{}', remove text[] default '{}')
returns app_public.roles
language plpgsql volatile set search_path = pg_catalog as $$
declare
  role app_public.roles;
begin
  select * into role from app_public.roles r where r.id = role_id;
  if role.id is null then
    perform app_hidden.fail('RoleNotFound', 'The role not found');
  end if;
  delete from app_public.role_scopes rs where rs.role_id = role.id and rs.scope = any(coalesce(remove, '{}'));
  insert into app_public.role_scopes (role_id, scope)
  select role.id, s from unnest(coalesce(add, '{}')) s group by s
  on conflict on constraint role_scopes_unique do nothing;
  return role;
end;
$$;

create function app_hidden.account_exists(account_id uuid) returns app_public.accounts
language plpgsql stable set search_path = pg_catalog as $$
declare
  account app_public.accounts;
begin
  select * into account from app_public.accounts a where a.id = account_id;
  if account.id is null then
    perform app_hidden.fail('AccountNotFound', format('Account ''%s'' doesn''t exist', account_id));
  end if;
  return account;
end;
$$;

-- Makes an account the user's main account (an upsert on the user).
create function app_public.set_default_account(account_id uuid, user_id uuid) returns app_public.default_accounts
language plpgsql volatile set search_path = pg_catalog as $$
declare
  account app_public.accounts := app_hidden.account_exists(account_id);
  result app_public.default_accounts;
begin
  if account.user_id <> user_id then
    perform app_hidden.fail('AccountOwnerNotFound',
      format('Cannot get the account owner. Probably account ''%s'' doesn''t exist', account_id));
  end if;
  insert into app_public.default_accounts (user_id, account_id) values (account.user_id, account.id)
  on conflict (user_id) do update set account_id = excluded.account_id
  returning * into result;
  return result;
end;
$$;

create function app_public.update_account_scopes(account_id uuid, add text[] default '{}', remove_ids uuid[] default '{}')
returns app_public.accounts
language plpgsql volatile set search_path = pg_catalog as $$
declare
  account app_public.accounts := app_hidden.account_exists(account_id);
begin
  delete from app_public.accounts_scopes s where s.account_id = account.id and s.id = any(coalesce(remove_ids, '{}'));
  insert into app_public.accounts_scopes (account_id, scope)
  select account.id, s from unnest(coalesce(add, '{}')) s group by s
  on conflict on constraint accounts_scopes_unique do nothing;
  return account;
end;
$$;

create function app_public.update_account_subsidiaries(account_id uuid, add uuid[] default '{}', remove uuid[] default '{}')
returns app_public.accounts
language plpgsql volatile set search_path = pg_catalog as $$
declare
  account app_public.accounts := app_hidden.account_exists(account_id);
begin
  delete from app_public.accounts_subsidiaries s where s.account_id = account.id and s.subsidiary_id = any(coalesce(remove, '{}'));
  insert into app_public.accounts_subsidiaries (account_id, subsidiary_id)
  select account.id, s from unnest(coalesce(add, '{}')) s group by s on conflict do nothing;
  return account;
end;
$$;

create function app_public.update_account_projects(account_id uuid, add uuid[] default '{}', remove uuid[] default '{}')
returns app_public.accounts
language plpgsql volatile set search_path = pg_catalog as $$
declare
  account app_public.accounts := app_hidden.account_exists(account_id);
begin
  delete from app_public.accounts_projects s where s.account_id = account.id and s.project_id = any(coalesce(remove, '{}'));
  insert into app_public.accounts_projects (account_id, project_id)
  select account.id, s from unnest(coalesce(add, '{}')) s group by s on conflict do nothing;
  return account;
end;
$$;

--------------------------------------------------------------------------------------------------
-- Look-ups (SPEC §7): name look-ups return the first match; searches at most 25.

create function app_public.find_client_by_name(pattern text) returns app_public.clients
language sql stable set search_path = pg_catalog as $$
  select c.* from app_public.clients c where c.legal_name ilike pattern order by c.legal_name, c.id limit 1
$$;
create function app_public.find_supplier_by_name(pattern text) returns app_public.suppliers
language sql stable set search_path = pg_catalog as $$
  select s.* from app_public.suppliers s where s.legal_name ilike pattern order by s.legal_name, s.id limit 1
$$;
create function app_public.find_subsidiary_by_name(pattern text) returns app_public.subsidiaries
language sql stable set search_path = pg_catalog as $$
  select s.* from app_public.subsidiaries s where s.legal_name ilike pattern order by s.legal_name, s.id limit 1
$$;

create function app_public.search_currencies(pattern text default '%') returns setof app_public.currencies
language sql stable set search_path = pg_catalog as $$
  select c.* from app_public.currencies c
   where c.value ilike coalesce(pattern, '%') or c.name ilike coalesce(pattern, '%')
   order by c.value limit 25
$$;
create function app_public.search_scopes(pattern text default '%') returns setof app_public.scopes
language sql stable set search_path = pg_catalog as $$
  select s.* from app_public.scopes s where s.name ilike coalesce(pattern, '%') order by s.name limit 25
$$;

-- Companies (clients, suppliers, subsidiaries) as one list: contractors and principals.
create type app_public.company as (id uuid, type text, legal_name text, short_name text);
comment on type app_public.company is 'A client, supplier or subsidiary.';

-- Contractors (suppliers) and principals (subsidiaries) of documents, as unified lists.
create function app_public.contractors() returns setof app_public.company
language sql stable set search_path = pg_catalog as $$
  select s.id, 'supplier', s.legal_name, s.short_name from app_public.suppliers s order by s.legal_name
$$;
create function app_public.principals() returns setof app_public.company
language sql stable set search_path = pg_catalog as $$
  select s.id, 'subsidiary', s.legal_name, s.short_name from app_public.subsidiaries s order by s.legal_name
$$;
create function app_public.find_contractor_by_name(pattern text) returns app_public.company
language sql stable set search_path = pg_catalog as $$
  select c.* from app_public.contractors() c where c.legal_name ilike pattern limit 1
$$;
create function app_public.find_principal_by_name(pattern text) returns app_public.company
language sql stable set search_path = pg_catalog as $$
  select c.* from app_public.principals() c where c.legal_name ilike pattern limit 1
$$;

-- A company name without case, punctuation or legal-form words, for the similarity check.
create function app_hidden.normalized_company_name(name text) returns text
language sql immutable set search_path = pg_catalog as $$
  select btrim(regexp_replace(
    regexp_replace(lower(coalesce(name, '')), '\m(llc|ltd|limited|gmbh|ooo|jsc|pjsc|ao|zao|oao|b\.?v|n\.?v|plc|ag|inc|corp|sa|s\.a|as|ab|llp|co)\M\.?', ' ', 'g'),
    '[^[:alnum:]]+', ' ', 'g'))
$$;

-- SPEC §5: before creating a company, the UI asks whether a similar one exists.
create function app_public.similar_companies(name text) returns setof app_public.company
language sql stable set search_path = pg_catalog as $$
  with target as (select app_hidden.normalized_company_name(name) as n),
  companies as (
    select id, 'client' as type, legal_name, short_name from app_public.clients
    union all select id, 'supplier', legal_name, short_name from app_public.suppliers
    union all select id, 'subsidiary', legal_name, short_name from app_public.subsidiaries
  )
  select c.id, c.type, c.legal_name, c.short_name
    from companies c, target t
   where t.n <> '' and (app_hidden.normalized_company_name(c.legal_name) = t.n
          or app_hidden.normalized_company_name(c.short_name) = t.n
          or position(t.n in app_hidden.normalized_company_name(c.legal_name)) > 0
          or position(app_hidden.normalized_company_name(c.legal_name) in t.n) > 0)
   order by c.legal_name limit 10
$$;
comment on function app_public.similar_companies(text) is 'Clients, suppliers and subsidiaries whose name is like the given one (ignoring case, punctuation and legal forms).';

--------------------------------------------------------------------------------------------------
-- Analytics (SPEC §5 analytics period) and selection summaries.

-- Whether (year, month) lies in the range: same year, the months between; across years, the start
-- year from its month, whole years between, the end year up to its month.
create function app_hidden.in_period_range(year integer, month integer, start_year integer, start_month integer,
  end_year integer, end_month integer) returns boolean
language sql immutable parallel safe set search_path = pg_catalog as $$
  select (year * 12 + month) between (start_year * 12 + start_month) and (end_year * 12 + end_month)
$$;

create function app_hidden.check_period_range(start_year integer, start_month integer, end_year integer, end_month integer)
returns void
language plpgsql immutable set search_path = pg_catalog as $$
begin
  if start_month not between 1 and 12 or end_month not between 1 and 12 then
    perform app_hidden.fail('InvalidPeriod', 'The period must be a month from 1 to 12.');
  end if;
  if start_year * 12 + start_month > end_year * 12 + end_month then
    perform app_hidden.fail('InvalidPeriodRange', 'Why the start greater then the end, huh???');
  end if;
end;
$$;

create type app_public.analytics_row as (year integer, period integer, amount_usd_w_vat numeric, count integer);
comment on type app_public.analytics_row is 'A month of a project: the sum in USD with VAT and how many records.';

create function app_public.project_cost_analytics(project_id uuid, start_year integer, start_month integer,
  end_year integer, end_month integer) returns setof app_public.analytics_row
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  select c.year::integer, c.period::integer, sum(c.amount_usd_w_vat), count(*)::integer
    from app_public.costs c
   where c.project_id = project_cost_analytics.project_id and c.status = 'approved' and not c.is_deleted
     and app_hidden.in_period_range(c.year, c.period, start_year, start_month, end_year, end_month)
   group by c.year, c.period order by c.year, c.period;
end;
$$;
comment on function app_public.project_cost_analytics(uuid, integer, integer, integer, integer) is 'Approved, live costs of a project per month in the range (create_report).';

create function app_public.project_bill_analytics(project_id uuid, start_year integer, start_month integer,
  end_year integer, end_month integer) returns setof app_public.analytics_row
language plpgsql stable set search_path = pg_catalog as $$
begin
  perform app_hidden.require_scope('create_report');
  perform app_hidden.check_period_range(start_year, start_month, end_year, end_month);
  return query
  select b.year::integer, b.period::integer, sum(b.amount_usd_w_vat), count(*)::integer
    from app_public.bills b
   where b.project_id = project_bill_analytics.project_id and not b.is_deleted
     and app_hidden.in_period_range(b.year, b.period, start_year, start_month, end_year, end_month)
   group by b.year, b.period order by b.year, b.period;
end;
$$;
comment on function app_public.project_bill_analytics(uuid, integer, integer, integer, integer) is 'Live bills of a project per month in the range (create_report).';

create type app_public.selection_summary as (count integer, amount numeric, vat numeric, total numeric,
  amount_usd numeric, total_usd numeric);
comment on type app_public.selection_summary is 'Sums of selected rows (SPEC: selection summary sum, VAT, total), exact.';

create function app_public.invoices_summary(ids integer[]) returns app_public.selection_summary
language sql stable set search_path = pg_catalog as $$
  select count(*)::integer, coalesce(sum(amount), 0), coalesce(sum(amount_w_vat - amount), 0), coalesce(sum(amount_w_vat), 0),
         coalesce(sum(amount_usd), 0), coalesce(sum(amount_usd_w_vat), 0)
    from app_public.invoices where id = any(ids)
$$;
create function app_public.costs_summary(ids integer[]) returns app_public.selection_summary
language sql stable set search_path = pg_catalog as $$
  select count(*)::integer, coalesce(sum(amount), 0), coalesce(sum(amount_w_vat - amount), 0), coalesce(sum(amount_w_vat), 0),
         coalesce(sum(amount_usd), 0), coalesce(sum(amount_usd_w_vat), 0)
    from app_public.costs where id = any(ids)
$$;
create function app_public.bills_summary(ids integer[]) returns app_public.selection_summary
language sql stable set search_path = pg_catalog as $$
  select count(*)::integer, coalesce(sum(amount), 0), coalesce(sum(amount_w_vat - amount), 0), coalesce(sum(amount_w_vat), 0),
         coalesce(sum(amount_usd), 0), coalesce(sum(amount_usd_w_vat), 0)
    from app_public.bills where id = any(ids)
$$;

create function app_public.invoices_vat_amount(invoice app_public.invoices) returns numeric
language sql stable set search_path = pg_catalog as $$ select invoice.amount_w_vat - invoice.amount $$;
create function app_public.bills_vat_amount(bill app_public.bills) returns numeric
language sql stable set search_path = pg_catalog as $$ select bill.amount_w_vat - bill.amount $$;

-- The invoice a cost belongs to (redirect-to-invoice).
create function app_public.get_cost_invoice_id(cost_id integer) returns integer
language plpgsql stable set search_path = pg_catalog as $$
declare
  result integer;
begin
  select c.invoice_id into result from app_public.costs c where c.id = cost_id;
  if result is null then
    perform app_hidden.fail('CostNotFound', 'Cost not found');
  end if;
  return result;
end;
$$;

--------------------------------------------------------------------------------------------------
-- Audit feeds, newest first.

create function app_public.invoices_feeds(invoice app_public.invoices) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.table_name = 'invoices' and a.row_id = invoice.id
   order by a.created_at desc, a.id desc
$$;
comment on function app_public.invoices_feeds(app_public.invoices) is 'What happened to the invoice, newest first.';

create function app_public.bills_feeds(bill app_public.bills) returns setof app_public.audit_trail
language sql stable set search_path = pg_catalog as $$
  select a.* from app_public.audit_trail a
   where a.table_name = 'bills' and a.row_id = bill.id
   order by a.created_at desc, a.id desc
$$;
comment on function app_public.bills_feeds(app_public.bills) is 'What happened to the bill, newest first.';

-- The user-facing role name of an audit row's account and the user are already columns
-- (user_role, user_id → user).

-- Notifications: mark one or all read.
create function app_public.mark_notification_read(notification_id uuid) returns app_public.notifications
language plpgsql volatile set search_path = pg_catalog as $$
declare
  result app_public.notifications;
begin
  update app_public.notifications n set is_read = true, read_at = coalesce(n.read_at, now())
   where n.id = notification_id returning * into result;
  if result.id is null then
    perform app_hidden.fail('NotificationNotFound', 'Notification not found');
  end if;
  return result;
end;
$$;

create function app_public.mark_all_notifications_read() returns integer
language plpgsql volatile set search_path = pg_catalog as $$
declare
  changed integer;
begin
  update app_public.notifications n set is_read = true, read_at = now()
   where n.user_id = app_hidden.current_user_id() and not n.is_read;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

create index notifications_user_created_at_idx on app_public.notifications (user_id, created_at desc, id desc);

grant execute on all functions in schema app_hidden to ledgerline_visitor;
grant execute on all functions in schema app_public to ledgerline_visitor;
grant usage on type app_public.document_prep_vals, app_public.company, app_public.analytics_row,
  app_public.selection_summary to ledgerline_visitor;
