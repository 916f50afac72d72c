-- A new cost learns its subsidiary from its invoice (_300_from_invoice): the period lock is checked
-- after that (at _040 a new cost had no subsidiary yet, so a cost booked to a closed month of an
-- open invoice went through).
drop trigger _040_period_lock on app_public.costs;
create trigger _350_period_lock before insert or update or delete on app_public.costs
  for each row when (app_hidden.current_user_id() is not null) execute function app_private.tg__period_lock();

-- Called only from the security-definer check and the available actions: not the visitor's.
revoke execute on function app_hidden.workflow_record(text, integer),
  app_hidden.precondition_refusal(app_hidden.workflow_record, text),
  app_hidden.transition_refusal(app_hidden.workflow_record, text) from ledgerline_visitor;
