-- The restrictive "a supplier's user reads none" policies said `(select app_hidden.supplier_ids())
-- is null`. The planner cannot know the subquery's value when it plans, and guesses that an
-- unknown value `is null` for 0.5 % of the rows (its default). Every list read by a
-- project-limited account (the manager) was therefore estimated at ~15 of its rows: for the
-- invoices list (validated, newest first, 50 rows) the planner read every validated invoice of the
-- account's subsidiaries through the status index and sorted them (7,188 rows, 30,113 buffers at
-- scale 1, growing with the table) instead of walking the date index (268 rows read for 50 shown).
--
-- Same rule, written so that the estimate is `is not null` (99.5 %): the subquery yields true
-- when the account has no supplier and null otherwise, and the row passes when that is not null.
-- Nothing else changes: the same accounts read the same rows.

alter policy select_no_supplier on app_public.invoices
  using ((select app_hidden.supplier_ids() is null or null) is not null);
alter policy select_no_supplier on app_public.costs
  using ((select app_hidden.supplier_ids() is null or null) is not null);
alter policy select_no_supplier on app_public.payments
  using ((select app_hidden.supplier_ids() is null or null) is not null);
alter policy select_not_supplier on app_public.bills
  using ((select app_hidden.supplier_ids() is null or null) is not null);
