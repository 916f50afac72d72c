-- The code of a refused import row comes from where every other refusal's code comes from: the
-- `@code` in the comment of the violated constraint or unique index (0036, 0091, docs/errors.md
-- "Constraints"), instead of a second list of constraint names in this function (0075).
create or replace function app_hidden.import_error_code(state text, hint text, constraint_name text) returns text
language sql stable set search_path = pg_catalog as $$
  select case
    when state = 'LL001' then coalesce(nullif(hint, ''), 'BusinessRule')
    else coalesce(
      (select substring(d.description from '@code (\w+)')
         from pg_catalog.pg_description d
        where d.objsubid = 0
          and ((d.classoid = 'pg_catalog.pg_constraint'::regclass
                and d.objoid in (select c.oid from pg_catalog.pg_constraint c
                                  where c.conname = constraint_name and c.connamespace = 'app_public'::regnamespace))
            or (d.classoid = 'pg_catalog.pg_class'::regclass
                and d.objoid in (select c.oid from pg_catalog.pg_class c
                                  where c.relname = constraint_name and c.relnamespace = 'app_public'::regnamespace)))
          and d.description like '@code %'
        limit 1),
      case when state = '23502' then 'FieldRequired' when state = '42501' then 'Forbidden' else 'InvalidInput' end)
  end
$$;
