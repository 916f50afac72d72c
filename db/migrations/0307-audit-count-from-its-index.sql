-- The audit log's count reads its index, not the trail from its start.
--
-- The audit log counts up to 1,001 rows of one kind of record in a date range (the capped count).
-- When the range holds a large part of the trail (a young trail, or a wide range), PostgreSQL
-- priced a sequential scan that stops at the 1,001st matching row below the index: it assumes the
-- matching rows are spread evenly through the table, but the trail is written in time order, so
-- the scan read every older row first. At scale 10 (a trail of 5,000,000 rows from late July) the
-- count of a quarter's cost changes read 35,003 pages and 241,322 rows it discarded (344 ms)
-- unless PostgreSQL's synchronized scans happened to start it near the range: the audit log's
-- tail at that scale.
--
-- The index by kind and time now also holds each row's references (`refs`), which is all the
-- row-level policy reads besides the kind: the count is an index-only scan of the range (111
-- pages, 1.7 ms for the same count), the page reads the same index in its order, and neither
-- depends on where a scan starts.

create index audit_trail_table_created_refs_idx on app_public.audit_trail
  (table_name, created_at desc, id desc) include (refs);
drop index app_public.audit_trail_table_created_idx;
