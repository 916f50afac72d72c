-- The projects list (newest first) read every project and sorted them: the read policy said
-- `(select app_hidden.allowed_project_ids()) is null or id = any (...)`, and the planner, which
-- cannot know the subquery's value when it plans, guesses that an unknown value `is null` for
-- 0.5 % of the rows. It estimated 12 of 3,000 projects (scale 10), so a page of 50 meant reading
-- all of them: 2.1 ms at scale 1, 5.7 ms at scale 10 (p95, as the administrator).
--
-- Same rule, written as 0290 did for the no-supplier policies: the subquery yields true when the
-- account has no project limit and null otherwise, and `is not null` is estimated as passing
-- (99.5 %), so the page walks the creation-date index and stops after its 50 rows. The same
-- accounts read the same projects.

alter policy select_allowed on app_public.projects using (
  (select app_hidden.has_scope('project:read'))
  and ((select app_hidden.allowed_project_ids() is null or null) is not null
       or id = any ((select app_hidden.allowed_project_ids())::uuid[])));
