-- Audit log: a search by record id alone (without its kind) finds the rows through an index too
-- (issue 27); the kind-first index of the chains cannot serve it.
create index audit_trail_record_created_idx on app_public.audit_trail (record_id, created_at desc, id desc);
