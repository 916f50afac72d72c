-- Grants stated once. Functions are executable by nobody by default (0001); from here on, the API's
-- role may execute every function created in app_public (the API is made of them) without a grant
-- per migration. Functions in app_hidden are granted one by one, as the visitor's functions and
-- policies need them, and those in app_private never: a test lists the executable ones.
alter default privileges in schema app_public grant execute on functions to ledgerline_visitor;
alter default privileges in schema app_public grant usage on types to ledgerline_visitor;
