-- A supplier's user gets its own role (docs/permissions.md "Suppliers' users and project-limited
-- writers"). The supplier's policies (0053, 0057, 0094) were written for ledgerline_project_limited,
-- so every project-limited account's statements carried them too: a permissive arm the planner
-- adds to the others, and a restrictive one that reads each row's supplier or invoice. The
-- restrictive arm alone turned the manager's count of the costs to approve from an index-only scan
-- of the status index into a sequential scan of the table (scale 1: 265,000 rows read for 1,001
-- counted; 99.6 ms p95 for the page against 18.5 for the accountant).
--
-- Now the API runs a supplier's user's requests as ledgerline_supplier_user (the access token says
-- so, server/src/db/database.ts requestRole), which has the project-limited policies and the
-- supplier's; ledgerline_project_limited keeps the project policies only. Either way a stale token
-- only hides rows: a supplier's user run as the project-limited role sees no invoice, cost, bill or
-- payment (select_no_supplier, a test of the signed-in user that reads no column, so it leaves the
-- plans alone), and as the plain visitor none either (subsidiaries_seen_whole, 0053).

do $$
begin
  if not exists (select from pg_roles where rolname = 'ledgerline_supplier_user') then
    create role ledgerline_supplier_user nologin;
  end if;
end
$$;
grant ledgerline_visitor to ledgerline_supplier_user;
grant ledgerline_supplier_user to ledgerline_authenticator;

-- What both limited roles read by projects.
alter policy select_project_limited on app_public.invoices to ledgerline_project_limited, ledgerline_supplier_user;
alter policy select_own_without_costs on app_public.invoices to ledgerline_project_limited, ledgerline_supplier_user;
alter policy select_project_limited on app_public.costs to ledgerline_project_limited, ledgerline_supplier_user;
alter policy select_project_limited on app_public.bills to ledgerline_project_limited, ledgerline_supplier_user;
alter policy select_project_limited on app_public.payments to ledgerline_project_limited, ledgerline_supplier_user;

-- A supplier's user's own arms and limits.
alter policy select_supplier on app_public.invoices to ledgerline_supplier_user;
alter policy select_supplier_only on app_public.invoices to ledgerline_supplier_user;
alter policy select_supplier on app_public.costs to ledgerline_supplier_user;
alter policy select_supplier_only on app_public.costs to ledgerline_supplier_user;
alter policy select_supplier on app_public.payments to ledgerline_supplier_user;
alter policy select_supplier_only on app_public.payments to ledgerline_supplier_user;
-- No bills for a supplier's user, whichever of the two limited roles its token names.
alter policy select_not_supplier on app_public.bills to ledgerline_project_limited, ledgerline_supplier_user;

create policy select_no_supplier on app_public.invoices as restrictive for select to ledgerline_project_limited
  using ((select app_hidden.supplier_ids()) is null);
create policy select_no_supplier on app_public.costs as restrictive for select to ledgerline_project_limited
  using ((select app_hidden.supplier_ids()) is null);
create policy select_no_supplier on app_public.payments as restrictive for select to ledgerline_project_limited
  using ((select app_hidden.supplier_ids()) is null);

comment on policy select_project_limited on app_public.invoices is 'For ledgerline_project_limited and ledgerline_supplier_user: the invoices of its subsidiaries whose projects overlap the allowed ones. Only ever hides rows.';
comment on policy select_own_without_costs on app_public.invoices is 'For ledgerline_project_limited and ledgerline_supplier_user: an account with invoice:read reads the invoices without costs that it created itself (the wizard''s new invoice), within the subsidiaries it may see.';
comment on policy select_project_limited on app_public.costs is 'For ledgerline_project_limited and ledgerline_supplier_user: the costs of its subsidiaries in an allowed project. Only ever hides rows.';
comment on policy select_project_limited on app_public.bills is 'For ledgerline_project_limited and ledgerline_supplier_user: the bills of its subsidiaries in an allowed project. Only ever hides rows.';
comment on policy select_project_limited on app_public.payments is 'For ledgerline_project_limited and ledgerline_supplier_user: the payments whose invoice or bill is in one of the allowed projects (the projects the payment keeps), with the read scopes of both. Only ever hides rows.';
comment on policy select_supplier on app_public.invoices is 'For ledgerline_supplier_user: a supplier''s user without a project limit reads its suppliers'' invoices.';
comment on policy select_supplier_only on app_public.invoices is 'For ledgerline_supplier_user, restrictive: only its suppliers'' invoices, whatever else admits them. Only ever hides rows.';
comment on policy select_supplier on app_public.costs is 'For ledgerline_supplier_user: a supplier''s user without a project limit reads costs (select_supplier_only keeps its suppliers'' invoices'' ones).';
comment on policy select_supplier_only on app_public.costs is 'For ledgerline_supplier_user, restrictive: only the costs of its suppliers'' invoices, whatever else admits them. Only ever hides rows.';
comment on policy select_supplier on app_public.payments is 'For ledgerline_supplier_user: a supplier''s user without a project limit reads the payments of invoices (select_supplier_only keeps its suppliers'' ones).';
comment on policy select_supplier_only on app_public.payments is 'For ledgerline_supplier_user, restrictive: only the payments of its suppliers'' invoices, whatever else admits them. Only ever hides rows.';
comment on policy select_not_supplier on app_public.bills is 'For ledgerline_project_limited and ledgerline_supplier_user, restrictive: a supplier''s user reads no bills, whatever else admits them. Only ever hides rows.';
comment on policy select_no_supplier on app_public.invoices is 'For ledgerline_project_limited, restrictive: a supplier''s user (whose token named this role before it became one) reads none. Only ever hides rows.';
comment on policy select_no_supplier on app_public.costs is 'For ledgerline_project_limited, restrictive: a supplier''s user (whose token named this role before it became one) reads none. Only ever hides rows.';
comment on policy select_no_supplier on app_public.payments is 'For ledgerline_project_limited, restrictive: a supplier''s user (whose token named this role before it became one) reads none. Only ever hides rows.';
