-- The contract status (0073) is computed for the signed-in user: its helper must be executable
-- by the API's role, as the other app_hidden helpers the visitor's functions call.
grant execute on function app_hidden.contract_status(date, date, boolean, date, date) to ledgerline_visitor;
