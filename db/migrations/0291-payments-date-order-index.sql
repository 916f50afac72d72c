-- The payments list is ordered by payment date (newest first) and then id, the order PostGraphile
-- adds to make pages stable. The date index had the date only, so the planner read the whole
-- group of payments that share the newest date (payments are dated at midnight: 1,552 rows at
-- scale 1 as the manager, 541 as the accountant) and looked up each one's invoice and bill links
-- under their policies before sorting the group by id. With the id in the index the walk stops
-- at the page's last row. The new index serves everything the old one did.

create index payments_payment_date_id_idx on app_public.payments (payment_date desc, id);
drop index app_public.payments_payment_date_idx;
