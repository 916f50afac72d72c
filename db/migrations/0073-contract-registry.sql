-- Contracts as a registry (issue 29): a number (0071 added the columns), a status derived from the
-- dates, and a notification to the document's editors (and its author) 30 days before it expires.

create type app_public.contract_status as enum ('draft', 'active', 'expired', 'terminated');
comment on type app_public.contract_status is 'draft: not signed yet; active: signed and not expired; expired: its expiration date has passed (and it does not extend itself); terminated: ended early on its termination day.';

create function app_hidden.contract_status(signing_date date, expiration_date date,
  expiration_extends_contract boolean, terminated_on date, today date) returns app_public.contract_status
language sql immutable parallel safe set search_path = pg_catalog as $$
  select case
    when terminated_on is not null and terminated_on <= today then 'terminated'
    when signing_date is null or signing_date > today then 'draft'
    when expiration_date is not null and expiration_date < today and not coalesce(expiration_extends_contract, false) then 'expired'
    else 'active' end::app_public.contract_status
$$;

create function app_public.documents_status(document app_public.documents) returns app_public.contract_status
language sql stable set search_path = pg_catalog as $$
  select app_hidden.contract_status(document.signing_date, document.expiration_date,
    document.expiration_extends_contract, document.terminated_on, current_date)
$$;
comment on function app_public.documents_status(app_public.documents) is 'Draft, active, expired or terminated, from the signing, expiration and termination dates (today).';

alter table app_public.documents add constraint documents_terminated_not_before_signing
  check (terminated_on is null or signing_date is null or terminated_on >= signing_date);

-- Which expirations were announced, so each is announced once (a new expiration date is new).
create table app_private.contract_expiry_notices (
  document_id uuid not null references app_public.documents (id) on delete cascade,
  expiration_date date not null,
  notified_at timestamptz not null default now(),
  primary key (document_id, expiration_date)
);

-- Notifies the editors and the author of every live, signed, not terminated document that expires
-- within the next 30 days (from `today`), once per expiration date. Run by the server every hour.
create function app_private.notify_expiring_contracts(today date default current_date) returns integer
language plpgsql security definer set search_path = pg_catalog as $$
declare
  doc record;
  person uuid;
  sent integer := 0;
begin
  for doc in
    select d.* from app_public.documents d
     where not d.is_deleted and d.expiration_date between today and today + 30
       and app_hidden.contract_status(d.signing_date, d.expiration_date, d.expiration_extends_contract,
                                      d.terminated_on, today) = 'active'
       and not exists (select from app_private.contract_expiry_notices n
                        where n.document_id = d.id and n.expiration_date = d.expiration_date)
     for update of d skip locked
  loop
    insert into app_private.contract_expiry_notices (document_id, expiration_date) values (doc.id, doc.expiration_date);
    for person in
      select e.user_id from app_public.document_editors e where e.document_id = doc.id
      union select doc.created_by where doc.created_by is not null
    loop
      perform app_private.notify(person, 'document_expiring',
        format('"%s" expires on %s', doc.name, doc.expiration_date), null, doc.id::text,
        jsonb_build_object('kind', 'document', 'id', doc.id::text, 'reference', doc.name,
                           'date', doc.expiration_date::text, 'days', doc.expiration_date - today));
      sent := sent + 1;
    end loop;
  end loop;
  return sent;
end;
$$;
comment on function app_private.notify_expiring_contracts(date) is 'Notifies editors and authors of documents expiring in the next 30 days, once per expiration date; returns how many notifications were written.';
