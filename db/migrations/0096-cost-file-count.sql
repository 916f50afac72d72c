-- How many files are attached to a cost, as a column of the cost (issue 28 item 3: a cost's files
-- are shown where the cost is, e.g. the invoice's cost lines). A page reads it with its rows in its
-- one query, instead of a second request for the links of the page's costs. The links' own policy
-- decides what is counted (a file of a cost one sees).
create function app_public.costs_file_count(cost app_public.costs) returns integer
language sql stable parallel safe as $$
  select count(*)::integer from app_public.costs_files cf where cf.cost_id = cost.id
$$;
comment on function app_public.costs_file_count(app_public.costs) is 'How many files are attached to this cost.';
grant execute on function app_public.costs_file_count(app_public.costs) to ledgerline_visitor;
