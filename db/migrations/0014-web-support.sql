-- What the web application's shell and home screen ask for in one round trip.

create function app_public.users_unread_notifications_count(u app_public.users) returns integer
language sql stable set search_path = pg_catalog as $$
  select count(*)::integer from app_public.notifications n where n.user_id = u.id and not n.is_read
$$;
comment on function app_public.users_unread_notifications_count(app_public.users) is 'How many of the user''s notifications are unread (only your own are visible).';

grant execute on function app_public.users_unread_notifications_count(app_public.users) to ledgerline_visitor;

-- Lists filter by archived state and payment status (home counts, tables): index them so they
-- are filterable and fast.
create index invoices_is_deleted_idx on app_public.invoices (is_deleted);
create index invoices_payment_status_idx on app_public.invoices (payment_status);
create index costs_is_deleted_idx on app_public.costs (is_deleted);
create index bills_is_deleted_idx on app_public.bills (is_deleted);
create index bills_payment_status_idx on app_public.bills (payment_status);
