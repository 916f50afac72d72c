-- A project-limited account's invoices and payments cost the same at any number of projects.
--
-- Measured on the benchmark data as the manager (its access pattern allows 52 projects at scale 1,
-- 502 at scale 10), the count of validated invoices took 2.7 ms at scale 1 and 22 ms at scale 10,
-- the count of this year's payments 2.6 and 9.8 ms. Two causes:
--
-- 1. The test of a row's projects, `project_ids && allowed`, compares every project of the row
--    with every allowed one: a row outside the allowed projects costs (its projects) x (allowed
--    projects) comparisons, ten times more at scale 10. It is now a lookup in a hash of the
--    allowed projects, built once per statement: `p in (select unnest(allowed))` is a hashed
--    subplan. The test is written `(... in (...)) is true` so that the planner keeps it a hashed
--    lookup (a bare `in` inside `exists` is turned into a join, which can scan the allowed list
--    once per row). The rows admitted are the same: a row whose projects share one with the
--    allowed list; none when the list is empty or null (no project limit is not this policy's
--    case), and none for a row without projects.
--
-- 2. The planner's cost of reading a table page at random (random_page_cost, 4 by default: a
--    spinning disk's seek) made it prefer a bitmap of every matching index entry (104,334 of the
--    validated invoices at scale 10) over an index scan that stops at the 1,001st row the count
--    needs, and, for a prepared statement planned once for any date, a sequential scan from the
--    table's start for "paid since" (the recent rows are at its end: 210 ms at scale 10 when the
--    scan did not happen to start near them). The database's files are on an SSD or in memory
--    (the embedded PostgreSQL beside the server), where a random read costs about what a
--    sequential one does: 1.1 is the usual setting there. It is the API's login role's setting,
--    so that every request (light, heavy, in any database of the cluster) plans with it; sessions
--    opened after this migration have it (the server opens its pools after migrating).

alter role ledgerline_authenticator set random_page_cost = 1.1;

alter policy select_project_limited on app_public.invoices
  using ((select app_hidden.has_scope('invoice:read'))
         and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
         and exists (select from unnest(project_ids) p
                      where (p in (select unnest((select app_hidden.allowed_project_ids())))) is true));

alter policy select_project_limited on app_public.payments
  using ((select app_hidden.has_scope('payment:read'))
         and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
         and ((invoice_id is not null and (select app_hidden.has_scope('invoice:read')))
              or (bill_id is not null and (select app_hidden.has_scope('bill:read'))))
         and exists (select from unnest(project_ids) p
                      where (p in (select unnest((select app_hidden.allowed_project_ids())))) is true));
