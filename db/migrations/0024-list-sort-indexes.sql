-- The lists sort and filter by what a finance user sorts by (issue "Web kit"): amounts of invoices,
-- costs and bills; names and tax ids of clients and suppliers; bill names; usernames. An index on
-- each keeps such a page an index range, and PostGraphile offers orderBy and filter on indexed
-- columns only.
create index invoices_amount_idx on app_public.invoices (amount);
create index invoices_amount_w_vat_idx on app_public.invoices (amount_w_vat);
create index invoices_amount_usd_idx on app_public.invoices (amount_usd);
create index costs_amount_idx on app_public.costs (amount);
create index costs_amount_usd_idx on app_public.costs (amount_usd);
create index bills_amount_idx on app_public.bills (amount);
create index bills_amount_w_vat_idx on app_public.bills (amount_w_vat);
create index bills_amount_usd_idx on app_public.bills (amount_usd);
create index bills_name_idx on app_public.bills (name);
create index clients_legal_name_sort_idx on app_public.clients (legal_name);
create index clients_short_name_idx on app_public.clients (short_name);
create index clients_tax_id_idx on app_public.clients (tax_id);
create index suppliers_legal_name_sort_idx on app_public.suppliers (legal_name);
create index suppliers_short_name_idx on app_public.suppliers (short_name);
-- The existing indexes on lower(name) and lower(username) serve case-insensitive look-ups; an
-- order by the column itself cannot use them.
create index users_username_idx on app_public.users (username);
