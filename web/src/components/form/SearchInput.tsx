import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useField } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGraphQLQuery } from '../../api/hooks.ts';
import {
  SEARCH_SOURCES,
  type SearchKind,
  type SearchOption,
  type SearchSource,
} from './search/sources.ts';

interface SearchInputProps {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** What it searches: clients, suppliers, subsidiaries, projects, services, cost types, users,
   *  currencies, scopes. */
  kind: SearchKind;
  /** The current value's option (an edit dialog knows its label; the server is not asked). */
  selected?: SearchOption | null;
  /** Hears the chosen option (its label too), e.g. for a filter chip. */
  onChosen?: (option: SearchOption | null) => void;
  helper?: string;
  required?: boolean;
  disabled?: boolean;
}

/** What was typed reaches the server after a short pause, not at every key. */
function useSettled(value: string, delay = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A field that searches the server as you type (first 20 matches; currencies and scopes 25, as
 * SPEC §9 says) and keeps the chosen record's id (a currency's code, a scope's name) in the form.
 */
export function SearchInput(props: SearchInputProps) {
  const { t } = useTranslation();
  const source: SearchSource = SEARCH_SOURCES[props.kind];
  const [field, meta, helpers] = useField<string>(props.name);
  const [chosen, setChosen] = useState<SearchOption | null>(props.selected ?? null);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const settled = useSettled(typed);
  const query = useGraphQLQuery(
    source.document,
    source.variables(settled),
    { reads: [source.reads] },
    { enabled: open, placeholderData: keepPreviousData },
  );
  const options = useMemo(() => {
    const found: SearchOption[] = query.data ? source.options(query.data) : [];
    if (!source.onScreen) return found;
    const text = settled.trim().toLowerCase();
    return found
      .filter((option) => !text || option.label.toLowerCase().includes(text))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [query.data, source, settled]);
  const selectedValue = props.selected?.value;
  const selectedLabel = props.selected?.label;
  useEffect(() => {
    // A form reset (a dialog reopened for another row) brings its own label; the same choice
    // given again (a new object at each render) changes nothing.
    setChosen(
      selectedValue !== undefined && selectedLabel !== undefined
        ? { value: selectedValue, label: selectedLabel }
        : null,
    );
  }, [selectedValue, selectedLabel]);
  const value = !field.value
    ? null
    : chosen?.value === field.value
      ? chosen
      : props.selected?.value === field.value
        ? props.selected
        : null;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <Autocomplete<SearchOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      options={options}
      loading={query.isFetching}
      disabled={props.disabled}
      // The server filters; the browser shows what it answered.
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      getOptionLabel={(option) => option.label}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(reason === 'clear' ? '' : text);
      }}
      onChange={(_, option) => {
        setChosen(option);
        props.onChosen?.(option);
        setTyped('');
        void helpers.setValue(option?.value ?? '');
      }}
      onBlur={() => void helpers.setTouched(true)}
      noOptionsText={t('table.empty')}
      loadingText={t('form.searching')}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps as typeof optionProps & { key: string };
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography variant="body2">{option.label}</Typography>
              {option.detail && (
                <Typography variant="caption" color="text.secondary">
                  {option.detail}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name}
          label={t(props.label)}
          required={props.required}
          error={Boolean(error)}
          helperText={error ? t(error) : props.helper ? t(props.helper) : undefined}
        />
      )}
    />
  );
}
