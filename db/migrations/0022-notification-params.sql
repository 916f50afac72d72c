-- Notifications are a type plus parameters (record kind, id, reference, reason), rendered by the web
-- app in the reader's language and linked to the record (DESIGN §8). The title and body stay as an
-- English fallback for types the app does not know.
alter table app_public.notifications add column params jsonb not null default '{}';
comment on column app_public.notifications.params is 'What the notification is about: kind (invoice, cost, bill), id, reference (number or name) and reason, for the app to render in the reader''s language.';
update app_public.notifications n
   set params = jsonb_strip_nulls(jsonb_build_object(
         'kind', split_part(n.type, '_', 1),
         'id', n.ref_id,
         'reference', coalesce((select i.invoice_ref from app_public.invoices i where i.id::text = n.ref_id and n.type like 'invoice_%'),
                               (select c.name from app_public.costs c where c.id::text = n.ref_id and n.type like 'cost_%'),
                               (select b.name from app_public.bills b where b.id::text = n.ref_id and n.type like 'bill_%')),
         'reason', n.body))
 where n.type ~ '^(invoice|cost|bill)_';

drop function app_private.notify(uuid, text, text, text, text);
create function app_private.notify(user_id uuid, type text, title text, body text, ref_id text, params jsonb)
returns void
language sql security definer set search_path = pg_catalog as $$
  insert into app_public.notifications (user_id, type, title, body, ref_id, params)
  select notify.user_id, notify.type, notify.title, notify.body, notify.ref_id, jsonb_strip_nulls(notify.params)
   where notify.user_id is not null and notify.user_id is distinct from app_hidden.current_user_id()
$$;

create or replace function app_private.tg_invoices__notify() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  params jsonb := jsonb_build_object('kind', 'invoice', 'id', new.id::text, 'reference', new.invoice_ref);
begin
  if new.status = 'rejected' then
    perform app_private.notify(new.created_by, 'invoice_rejected', format('Invoice %s was rejected', new.invoice_ref),
      new.reject_reason, new.id::text, params || jsonb_build_object('reason', new.reject_reason));
  elsif new.status = 'validated' then
    perform app_private.notify(new.created_by, 'invoice_validated', format('Invoice %s was validated', new.invoice_ref),
      null, new.id::text, params);
  elsif new.status = 'paid' then
    perform app_private.notify(new.created_by, 'invoice_paid', format('Invoice %s was closed as paid', new.invoice_ref),
      null, new.id::text, params);
  end if;
  return null;
end;
$$;

create or replace function app_private.tg_costs__notify() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
declare
  params jsonb := jsonb_build_object('kind', 'cost', 'id', new.id::text, 'reference', new.name);
begin
  if new.status = 'approved' then
    perform app_private.notify(new.created_by, 'cost_approved', format('Cost "%s" was approved', new.name), null,
      new.id::text, params);
  elsif new.status = 'rejected' and new.reject_reason is distinct from 'invoice_rejected' then
    perform app_private.notify(new.created_by, 'cost_rejected', format('Cost "%s" was rejected', new.name),
      new.reject_reason, new.id::text, params || jsonb_build_object('reason', new.reject_reason));
  end if;
  return null;
end;
$$;

create or replace function app_private.tg_bills__notify() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform app_private.notify(new.created_by, 'bill_paid', format('Bill "%s" was closed as paid', new.name), null,
    new.id::text, jsonb_build_object('kind', 'bill', 'id', new.id::text, 'reference', new.name));
  return null;
end;
$$;
