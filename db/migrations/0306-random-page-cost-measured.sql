-- The API's planning cost of a random page read: 1.5, not 0305's 1.1.
--
-- Measured at scale 10 on this machine (a 17 GB database, shared_buffers 128 MB: the tables are in
-- the system's file cache, not PostgreSQL's), the unpaid view's total outstanding, a sum over
-- 125,748 bills, took 167 ms planned with 1.1 against 106 with 4: with 1.1 it read the bills in
-- the index's order, each of their 19,033 pages several times, instead of a bitmap that reads each
-- page once. At 1.5 the sum keeps the bitmap (102 ms) and the capped counts still take the index
-- scan that stops at the 1,001st row (the manager's count of validated invoices 2.4 ms; 12.8 at 2,
-- where it goes back to reading every matching index entry first), and this year's payments keep
-- their index in prepared statements (2.5 ms).

alter role ledgerline_authenticator set random_page_cost = 1.5;
