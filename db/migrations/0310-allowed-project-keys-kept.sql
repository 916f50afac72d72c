-- A project-limited account's allowed projects kept as keys, and its costs looked up by key.
--
-- The manager's invoices list computes, for each of its 50 invoices, how many of the invoice's
-- costs the account does not see and the sum of those it does (invoices_hidden_cost_count,
-- invoices_visible_amount_w_vat): one statement per invoice under the costs' policies. The
-- project-limited policy on costs tested `project_id in (select unnest(allowed))`, a hash of every
-- allowed project built again by each of those statements, for the ten or so costs the statement
-- reads; and the invoices' and payments' policies (0309) built their jsonb object of allowed keys
-- once per statement with an aggregate. Both grow with the account's allowed projects, which grow
-- with the data: on the benchmark data the manager allows 50 projects at scale 1 and 502 at scale
-- 10, and the two figures of a page went from 7.0 to 11.6 ms each (medians of 15, the same
-- statements); the rest of the page did not grow.
--
-- Now the keys are kept beside the ids in the account's access row (a stored generated column, so
-- never out of step with allowed_project_ids), app_hidden.allowed_project_keys() reads them, and
-- the costs' policy looks a cost's project up among them with one operator (`?`, a binary search
-- of the keys), as the invoices' and payments' policies look up theirs. The same statements, at
-- scale 10: 11.6 → 7.6 ms each (6.9 at scale 1). A statement that reads many costs pays a little
-- for it (the project written as text and looked up, against a probe of a hash): the costs list's
-- count up to 1,001 as the manager 1.9 → 3.1 ms at scale 10. The bills' policy keeps its hash: no
-- statement per row reads bills, and their count was slower with the lookup at both scales.
--
-- The rows admitted are the same: a cost whose project is among the allowed ones; none when the
-- list is empty (the keys are null, `?` on null is null) and none for an account without a row.

alter table app_private.account_access
  add column allowed_project_keys jsonb generated always as (
    case when cardinality(allowed_project_ids) > 0
         then jsonb_object(allowed_project_ids::text[],
                           array_fill(''::text, array[cardinality(allowed_project_ids)]))
    end) stored;
comment on column app_private.account_access.allowed_project_keys is 'allowed_project_ids as the keys of a jsonb object (null when none are listed or there is no limit), for the policies'' key lookups (app_hidden.allowed_project_keys()).';

-- A long list is stored out of line (TOAST); the function returns a value of its own (`|| '{}'`),
-- or each row's lookup would read the stored list back again.
create or replace function app_hidden.allowed_project_keys() returns jsonb
  language sql stable security definer
  set search_path to 'pg_catalog'
as $$
  select aa.allowed_project_keys || '{}'::jsonb
    from (select 1) one
    left join app_private.account_access aa on aa.account_id = app_hidden.current_account_id()
$$;
comment on function app_hidden.allowed_project_keys() is 'The projects the signed-in account may see as the keys of a jsonb object (null when none are listed), kept in its access row, for a row''s project keys: `(select app_hidden.allowed_project_keys()) ?| project_keys`, or `? project_id::text`.';

alter policy select_project_limited on app_public.costs
  using ((select app_hidden.has_scope('cost:read'))
         and app_hidden.subsidiary_visible(subsidiary_id, (select app_hidden.visible_subsidiary_ids()))
         and coalesce((select app_hidden.allowed_project_keys()) ? project_id::text, false));
