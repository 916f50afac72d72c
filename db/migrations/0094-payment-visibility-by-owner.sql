-- A payment is visible when the invoice or bill it settles is (0034). The rule was written as a
-- look through the payment links into invoices and bills under their own policies, which the
-- planner runs as a hashed set of every visible link, built for each statement: for an account
-- that sees most invoices, most of the links, and for a project-limited one also every link's
-- invoice checked again under the link table's policy (a page of payments as the manager read
-- 667,000 buffers at scale 1; 1,500 as the accountant). The reconciliation screens list payments,
-- so the rule now reads the row itself:
--
--   * a payment keeps its owner (invoice_id or bill_id) and the owner's projects (project_ids:
--     an invoice's, or its bill's one project), kept by triggers like its subsidiary (0034);
--   * select_allowed (every account): the subsidiaries seen whole (subsidiaries_seen_whole: an
--     account with neither a project limit nor a supplier) and the read scope of its owner's kind
--     — for such an account exactly the payments whose invoice or bill it reads, since the
--     invoice's or bill's policy is that scope and those subsidiaries;
--   * select_project_limited (ledgerline_project_limited): the owner's projects overlap the
--     allowed ones, as the invoices' and bills' own policies say (0033, 0034);
--   * select_supplier (ledgerline_project_limited): a supplier's user without a project limit,
--     restricted by select_supplier_only to its suppliers' invoices (0053: no bills).
--
-- Same rows as before for every account, with one difference that only hides: an invoice whose
-- costs are all removed after it was paid has no projects, so a project-limited account that
-- created it reads the invoice (0053, select_own_without_costs) but not its payments.

alter table app_public.payments
  add column invoice_id integer references app_public.invoices (id) on delete restrict,
  add column bill_id integer references app_public.bills (id) on delete restrict,
  add column project_ids uuid[] not null default '{}';
comment on column app_public.payments.invoice_id is '@behavior -*
The invoice the payment settles (kept by the database from invoices_payments for the visibility rule).';
comment on column app_public.payments.bill_id is '@behavior -*
The bill the payment settles (kept by the database from bills_payments for the visibility rule).';
comment on column app_public.payments.project_ids is '@behavior -*
The projects of the invoice or bill the payment settles (kept by the database for the project-limited visibility rule).';
comment on constraint payments_invoice_id_fkey on app_public.payments is E'@behavior -*\n@code InvoiceNotFound\nThe invoice was not found.';
comment on constraint payments_bill_id_fkey on app_public.payments is E'@behavior -*\n@code BillNotFound\nThe bill was not found.';

update app_public.payments p set invoice_id = i.id, project_ids = i.project_ids
  from app_public.invoices_payments ip join app_public.invoices i on i.id = ip.invoice_id
 where ip.payment_id = p.id;
update app_public.payments p set bill_id = b.id,
       project_ids = case when b.project_id is null then '{}'::uuid[] else array[b.project_id] end
  from app_public.bills_payments bp join app_public.bills b on b.id = bp.bill_id
 where bp.payment_id = p.id;

create index payments_invoice_id_idx on app_public.payments (invoice_id) where invoice_id is not null;
create index payments_bill_id_idx on app_public.payments (bill_id) where bill_id is not null;

-- A link names the payment's owner; a payment whose link is removed has none (and is seen by no one,
-- as before).
create or replace function app_private.tg_payment_links__subsidiary() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_op = 'DELETE' then
    update app_public.payments p set invoice_id = null, bill_id = null, project_ids = '{}'
     where p.id = old.payment_id;
    return null;
  end if;
  if tg_table_name = 'invoices_payments' then
    update app_public.payments p set subsidiary_id = i.subsidiary_id, invoice_id = i.id, bill_id = null,
           project_ids = i.project_ids
      from app_public.invoices i where i.id = new.invoice_id and p.id = new.payment_id;
  else
    update app_public.payments p set subsidiary_id = b.subsidiary_id, bill_id = b.id, invoice_id = null,
           project_ids = case when b.project_id is null then '{}'::uuid[] else array[b.project_id] end
      from app_public.bills b where b.id = new.bill_id and p.id = new.payment_id;
  end if;
  return null;
end;
$$;
comment on function app_private.tg_payment_links__subsidiary() is 'A payment takes the subsidiary, the key and the projects of the invoice or bill it is linked to (its policies read them); a removed link leaves it without an owner.';
drop trigger _400_payment_subsidiary on app_public.invoices_payments;
create trigger _400_payment_subsidiary after insert or update or delete on app_public.invoices_payments
  for each row execute function app_private.tg_payment_links__subsidiary();
drop trigger _400_payment_subsidiary on app_public.bills_payments;
create trigger _400_payment_subsidiary after insert or update or delete on app_public.bills_payments
  for each row execute function app_private.tg_payment_links__subsidiary();

-- An invoice's projects change with its costs (0031), a bill's with its project: their payments follow.
create function app_private.tg_payment_owner__projects() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  if tg_table_name = 'invoices' then
    update app_public.payments p set project_ids = new.project_ids
     where p.invoice_id = new.id and p.project_ids is distinct from new.project_ids;
  else
    update app_public.payments p
       set project_ids = case when new.project_id is null then '{}'::uuid[] else array[new.project_id] end
     where p.bill_id = new.id;
  end if;
  return null;
end;
$$;
comment on function app_private.tg_payment_owner__projects() is 'An invoice''s or bill''s projects are its payments'' too (the project-limited policy of payments reads them).';
create trigger _400_payment_projects after update of project_ids on app_public.invoices
  for each row when (old.project_ids is distinct from new.project_ids)
  execute function app_private.tg_payment_owner__projects();
create trigger _400_payment_projects after update of project_id on app_public.bills
  for each row when (old.project_id is distinct from new.project_id)
  execute function app_private.tg_payment_owner__projects();

drop policy select_allowed on app_public.payments;
create policy select_allowed on app_public.payments for select using (
  (select app_hidden.has_scope('payment:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.subsidiaries_seen_whole()))
  and ((invoice_id is not null and (select app_hidden.has_scope('invoice:read')))
       or (bill_id is not null and (select app_hidden.has_scope('bill:read'))))
);
comment on policy select_allowed on app_public.payments is 'Who reads a row of app_public.payments: an account with its read scope and the read scope of the invoice or bill it settles, within the subsidiaries it sees whole (no project limit, no supplier). Project-limited accounts and suppliers'' users: select_project_limited and select_supplier.';
create policy select_project_limited on app_public.payments for select to ledgerline_project_limited using (
  (select app_hidden.has_scope('payment:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and ((invoice_id is not null and (select app_hidden.has_scope('invoice:read')))
       or (bill_id is not null and (select app_hidden.has_scope('bill:read'))))
  and project_ids && (select app_hidden.allowed_project_ids())
);
comment on policy select_project_limited on app_public.payments is 'For ledgerline_project_limited: the payments whose invoice or bill is in one of the allowed projects (the projects the payment keeps), with the read scopes of both. Only ever hides rows.';
create policy select_supplier on app_public.payments for select to ledgerline_project_limited using (
  (select app_hidden.has_scope('payment:read'))
  and (select app_hidden.has_scope('invoice:read'))
  and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
  and invoice_id is not null
  and cardinality((select app_hidden.supplier_ids_seen_whole())) > 0
);
comment on policy select_supplier on app_public.payments is 'For ledgerline_project_limited: a supplier''s user without a project limit reads the payments of invoices (select_supplier_only keeps its suppliers'' ones).';
create policy select_supplier_only on app_public.payments as restrictive for select to ledgerline_project_limited using (
  (select app_hidden.supplier_ids()) is null
  or invoice_id in (select i.id from app_public.invoices i
                     where i.supplier_id = any((select app_hidden.supplier_ids())::uuid[]))
);
comment on policy select_supplier_only on app_public.payments is 'For ledgerline_project_limited, restrictive: a supplier''s user reads only the payments of its suppliers'' invoices, whatever else admits them. Only ever hides rows.';

-- The audit trail records what people change on a payment, not the keys the database keeps for
-- its visibility (subsidiary, owner, projects): those follow the invoice or bill, whose own rows
-- say what changed.
drop trigger _900_audit on app_public.payments;
create trigger _900_audit after update of amount, currency, payment_date, payment_method, reference
  on app_public.payments for each row execute function app_private.tg__audit();
