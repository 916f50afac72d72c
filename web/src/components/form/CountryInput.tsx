// A country of ISO 3166 (the database's `countries`): chosen by its name in the reader's language,
// stored as its two-letter code.
import { Autocomplete, TextField } from '@mui/material';
import { useField } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CountriesDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';

const displayNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the language (from the browser's own list), or the code as it is. */
export function countryName(code: string | null | undefined, language: string): string {
  if (!code) return '';
  if (!/^[A-Z]{2}$/.test(code)) return code;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}

export function CountryInput(props: { name: string; label: string; required?: boolean }) {
  const { t, i18n } = useTranslation();
  const [field, meta, helpers] = useField<string>(props.name);
  const countries = useGraphQLQuery(CountriesDocument, {}, { reads: [], cacheFirst: true });
  const options = useMemo(
    () =>
      (countries.data?.allCountries?.nodes ?? [])
        .flatMap((node) => (node ? [node.code] : []))
        .sort((a, b) =>
          countryName(a, i18n.language).localeCompare(countryName(b, i18n.language), i18n.language),
        ),
    [countries.data, i18n.language],
  );
  const error = meta.touched && meta.error ? t(meta.error) : undefined;
  return (
    <Autocomplete
      options={options}
      value={field.value || null}
      loading={countries.isLoading}
      onChange={(_event, code) => void helpers.setValue(code ?? '')}
      onBlur={() => void helpers.setTouched(true)}
      getOptionLabel={(code) => `${countryName(code, i18n.language)} (${code})`}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name}
          label={t(props.label)}
          required={props.required}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${props.name}-input` },
          }}
        />
      )}
      fullWidth
    />
  );
}
