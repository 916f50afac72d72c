-- A list filtered by status (the work queues: costs to approve, invoices to validate, bills to be
-- paid) counted its rows by reading every live row the account may see and testing the status
-- afterwards: under row-level security a comparison of an enum is not leakproof, so the planner
-- tests it only after the policy and never as an index condition (0013). An admin's count of
-- validated invoices read 62,000 rows to find 10,000 (32 ms at scale 1), a manager's count of
-- costs to approve 918,000 (270 ms).
--
-- One partial index per status of the live rows: the status is then the index's predicate, which
-- the planner may prove from the query's condition whatever its leakproofness, and such a count
-- reads the matching rows only (costs and bills: index-only, the policy's columns are in the
-- index; an invoice's project set can be too long for an index row, so it is read from the row). Each row
-- is in exactly one of them, so together they cost about one index more per table. (PostGraphile
-- sends the status as a parameter; PostgreSQL plans each execution with its value, and keeps
-- doing so because the generic plan, which cannot use these indexes, costs more: checked in
-- bench/README.md "Findings".)
do $$
declare
  status text;
begin
  foreach status in array enum_range(null::app_public.invoice_status)::text[] loop
    execute format(
      'create index %I on app_public.invoices (subsidiary_id) where status = %L and not is_deleted',
      'invoices_live_' || status || '_idx', status);
  end loop;
  foreach status in array enum_range(null::app_public.cost_status)::text[] loop
    execute format(
      'create index %I on app_public.costs (subsidiary_id) include (project_id) where status = %L and not is_deleted',
      'costs_live_' || status || '_idx', status);
  end loop;
  foreach status in array enum_range(null::app_public.bill_status)::text[] loop
    execute format(
      'create index %I on app_public.bills (subsidiary_id) include (project_id) where status = %L and not is_deleted',
      'bills_live_' || status || '_idx', status);
  end loop;
end;
$$;
