-- The names of cost types, services and projects are unique whatever their case and surrounding
-- spaces: a second "Travel" (or " travel ") is refused with a clear message (NameTaken).
create unique index cost_types_name_unique on app_public.cost_types (lower(btrim(name)));
create unique index services_name_unique on app_public.services (lower(btrim(name)));
create unique index projects_name_unique on app_public.projects (lower(btrim(name)));
