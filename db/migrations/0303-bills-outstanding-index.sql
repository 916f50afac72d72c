-- The unpaid bills' count read in an index of the unpaid bills alone, by subsidiary.
--
-- The unpaid bills list filters on app_public.bills_outstanding(bill) > 0 and counts the rows up
-- to 1,001 (cappedCount). No index matched that filter, so the count scanned the table until it
-- had found 1,001 visible unpaid bills: the accountant (one subsidiary of twelve, about 4.5 % of
-- the bills visible and unpaid) read 5,133 bills at scale 1 through the subsidiary index and
-- 28,905 at scale 10 through the whole table (1,800 buffers, most of them from disk: 5 ms against
-- 12 ms), the manager alike. The page itself stays flat: it walks the due-date index.
--
-- A partial index whose predicate is the function's body as the planner inlines it (the body of
-- bills_outstanding, then its numeric result relabelled as plain numeric) is implied by the filter,
-- so the count is an index-only scan of the visible subsidiaries' unpaid bills that stops at the
-- 1,001st: about ten index pages at any scale and for every account. The project is included for
-- the project-limited accounts' policy, and is_deleted for the list's own "not archived" test (the
-- predicate already holds only live bills, so the list with archived bills uses it too). When
-- bills_outstanding changes, this predicate must change with it (server/test/list-growth.test.ts
-- fails if the count stops using the index).

create index bills_outstanding_subsidiary_idx on app_public.bills (subsidiary_id)
  include (project_id, is_deleted)
  where (case when not is_deleted and status in ('open', 'validated')
              then greatest(amount_w_vat - paid_amount, 0) else 0 end)::numeric(18,2)::numeric > 0;
