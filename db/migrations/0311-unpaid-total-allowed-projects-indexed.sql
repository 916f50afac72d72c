-- A project-limited account's unpaid total read by its allowed projects.
--
-- The unpaid view's total without filters sums, for a project-limited account, the totals kept per
-- subsidiary and project (0308) that its policy admits. The policy tests each row's project against
-- a hash of the allowed ones, so the statement read every pair of the account's subsidiaries and
-- projects and kept the allowed ones: on the benchmark data at scale 10, 30,239 rows read for 5,063
-- kept (13 ms; at scale 1, 3,045 for 529: 2.4 ms). The policy stays the bills' own (0308 keeps the
-- two tables' policies identical); the function now also names the allowed projects itself, which
-- the key's index (subsidiary, project) takes as its condition, so only the admitted pairs are
-- read: 13 → 6.1 ms at scale 10, 2.4 → 1.1 at scale 1 (medians of 9, the same statement). The
-- total still grows with the allowed projects (a row per allowed project and subsidiary).
--
-- The sum is the same: the condition is the policy's own test of the project (a row without a
-- project passes neither), and an account without a project limit reads no row of this table
-- either way (the policy admits none; allowed_project_ids() is null for it).

create or replace function app_public.unpaid_bills_total() returns numeric
  language sql stable
  set search_path to 'pg_catalog'
as $$
  select (coalesce((select sum(s.outstanding_usd) from app_public.bill_outstanding_by_subsidiary s), 0)
        + coalesce((select sum(p.outstanding_usd) from app_public.bill_outstanding_by_project p
                     where p.project_id = any ((select app_hidden.allowed_project_ids())::uuid[])), 0))::numeric(18,2)
$$;
