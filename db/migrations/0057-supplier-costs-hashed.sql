-- A supplier's user's costs (0053) by a set of its suppliers' invoice ids, looked up once per
-- statement as a hashed set, instead of a look into invoices for every cost row: the same rows,
-- and a count of its costs no longer runs a sub-query per cost of the subsidiaries. Accounts that
-- are no supplier's user stop at the first arm and never build the set.
drop policy select_supplier_only on app_public.costs;
create policy select_supplier_only on app_public.costs as restrictive for select to ledgerline_project_limited using (
  (select app_hidden.supplier_ids()) is null
  or invoice_id in (select i.id from app_public.invoices i
                     where i.supplier_id = any((select app_hidden.supplier_ids())::uuid[]))
);
