-- Import of clients, suppliers and projects (issue 29), as the exchange-rate import does it: every
-- row is checked first and each row's problems are shown with its line; the import then writes
-- all rows or, if any has a problem, none. A row is checked by inserting it as the caller (so every
-- constraint, trigger and policy decides, and a row repeating an earlier row of the file is found),
-- and a dry run undoes everything at the end.

create type app_public.import_problem as (
  line integer,
  code text,
  message text
);
comment on type app_public.import_problem is 'A problem of one row of an import (line = the row''s number in the file''s data, from 1).';

-- The stable code of a refused row (docs/errors.md), from our functions' hint or the constraint.
create function app_hidden.import_error_code(state text, hint text, constraint_name text) returns text
language sql immutable set search_path = pg_catalog as $$
  select case
    when state = 'LL001' then coalesce(nullif(hint, ''), 'BusinessRule')
    when constraint_name in ('clients_tax_id_format') then 'InvalidTaxId'
    when constraint_name in ('clients_tax_id_checksum') then 'TaxIdChecksum'
    when constraint_name in ('clients_registration_number_format') then 'InvalidRegistrationNumber'
    when constraint_name in ('clients_registration_number_checksum') then 'RegistrationNumberChecksum'
    when constraint_name in ('clients_tax_reason_code_format') then 'InvalidTaxReasonCode'
    when constraint_name in ('clients_tax_id_unique', 'suppliers_tax_id_unique') then 'TaxIdTaken'
    when constraint_name in ('suppliers_tax_id_valid') then 'InvalidSupplierTaxId'
    when constraint_name in ('clients_country_fkey', 'suppliers_country_fkey') then 'UnknownCountry'
    when constraint_name in ('suppliers_country_required') then 'CountryRequired'
    when constraint_name in ('projects_access_key_format', 'projects_access_key_words') then 'InvalidAccessKey'
    when constraint_name in ('projects_access_key_unique') then 'AccessKeyTaken'
    when constraint_name in ('projects_name_unique') then 'NameTaken'
    when state = '23502' then 'FieldRequired'
    when state = '42501' then 'Forbidden'
    when state like '22%' then 'InvalidInput'
    else 'InvalidInput' end
$$;
grant execute on function app_hidden.import_error_code(text, text, text) to ledgerline_visitor;

-- kind: clients, suppliers or projects. rows: a JSON array of objects keyed by column name (the
-- export's header: legal_name, short_name, country, tax_id, …; name, access_key). dry_run: check
-- only. Without dry_run, the rows are written only when none has a problem (ImportHasErrors).
create function app_public.import_reference_data(kind text, rows jsonb, dry_run boolean default true)
returns setof app_public.import_problem
language plpgsql volatile set search_path = pg_catalog as $$
declare
  columns text[];
  item record;
  problems app_public.import_problem[] := '{}';
  state text;
  hint text;
  constraint_name text;
  message text;
begin
  columns := case kind
    when 'clients' then array['legal_name', 'short_name', 'country', 'tax_id', 'tax_reason_code', 'registration_number',
      'legal_form', 'registered_address', 'primary_activity_code', 'org_status', 'ceo_full_name', 'ceo_position']
    when 'suppliers' then array['legal_name', 'short_name', 'country', 'tax_id']
    when 'projects' then array['name', 'access_key'] end;
  if columns is null then
    perform app_hidden.fail('InvalidInput', 'The value is not allowed.');
  end if;
  if jsonb_typeof(rows) is distinct from 'array' or jsonb_array_length(rows) = 0 then
    perform app_hidden.fail('NoRows', 'The file has no rows.');
  end if;
  begin
    for item in select r.value, r.line::integer as line from jsonb_array_elements(rows) with ordinality r(value, line) loop
      begin
        -- Only the importable columns, blanks as null.
        execute format('insert into app_public.%I (%s) select %s from jsonb_populate_record(null::app_public.%I, $1) p',
                       kind,
                       (select string_agg(quote_ident(c), ', ') from unnest(columns) c),
                       (select string_agg(format('nullif(btrim(p.%I), '''')', c), ', ') from unnest(columns) c),
                       kind)
          using (select coalesce(jsonb_object_agg(key, value), '{}') from jsonb_each(item.value) where key = any(columns));
      exception when others then
        get stacked diagnostics state = returned_sqlstate, hint = pg_exception_hint,
                                constraint_name = constraint_name, message = message_text;
        problems := problems || row(item.line, app_hidden.import_error_code(state, hint, constraint_name), message)::app_public.import_problem;
      end;
    end loop;
    if dry_run or cardinality(problems) > 0 then
      -- Undo every row written above; the problems survive in the variable.
      raise exception using errcode = 'LL002', message = 'undo';
    end if;
  exception when sqlstate 'LL002' then
    null;
  end;
  if not dry_run and cardinality(problems) > 0 then
    perform app_hidden.fail('ImportHasErrors', 'Some rows have errors; nothing was imported.');
  end if;
  return query select * from unnest(problems) order by 1;
end;
$$;
comment on function app_public.import_reference_data(text, jsonb, boolean) is 'Checks (dryRun, the default) or imports clients, suppliers or projects: each row''s problems with its line; an import writes all rows or none (ImportHasErrors).';
