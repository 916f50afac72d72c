import { Box, Paper, type Theme } from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FieldOutlines,
  fieldOutlineParts,
  useDrawnAfterFirstRender,
  type FieldOutline,
} from '../../components/DataTable/drawn-after-rows.tsx';
import { FilterTextField } from '../../components/DataTable/filter-fields.tsx';
import { MonthInput } from '../../components/form/DateInput.tsx';
import { SelectInput, type SelectOption } from '../../components/form/SelectInput.tsx';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { COST_ARCHIVED_LABELS, COST_STATUSES, type CostFilters } from './costs-list.ts';

/** Pushes the filter form's values into the URL as they change. */
function FilterSync(props: { onChange: (values: CostFilters) => void }) {
  const { values } = useFormikContext<CostFilters>();
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  useEffect(() => onChange.current(values), [values]);
  return null;
}

const STATUS_OPTIONS: SelectOption[] = [
  { value: '', label: 'costs.any' },
  ...COST_STATUSES.map((value) => ({ value, label: `statuses.${value}` })),
];
const YES_NO_OPTIONS: SelectOption[] = [
  { value: '', label: 'costs.any' },
  { value: 'yes', label: 'costs.yes' },
  { value: 'no', label: 'costs.no' },
];
const ARCHIVED_OPTIONS: SelectOption[] = [
  { value: '', label: 'costs.archivedOptions.live' },
  { value: 'only', label: COST_ARCHIVED_LABELS.only },
  { value: 'all', label: COST_ARCHIVED_LABELS.all },
];

type PanelProps = Parameters<typeof CostFiltersPanel>[0];

/** The record filters, each picked by name from the records of its kind. */
const RECORD_FILTERS = [
  { name: 'project', label: 'costs.project' },
  { name: 'costType', label: 'costs.costType' },
  { name: 'subsidiary', label: 'costs.subsidiary' },
  { name: 'supplier', label: 'costs.supplier' },
] as const;
type RecordFilter = (typeof RECORD_FILTERS)[number]['name'];

/** A record filter's chosen record, once its name is known (the list's query brings it). */
function chosenRecord(props: PanelProps, name: RecordFilter) {
  const id = props.filters[name];
  const label = props.names[name];
  return id && label ? { value: id, label } : null;
}

/** The fields, in their order, as their outlines show them (drawn-after-rows.tsx). */
function outlines(props: PanelProps, t: TFunction): FieldOutline[] {
  const { filters } = props;
  const choice = (label: string, options: SelectOption[], value: string): FieldOutline => {
    const chosen = options.find((option) => option.value === value);
    return { label, size: 'medium', shrink: true, value: chosen && t(chosen.label) };
  };
  const record = ({ name, label }: (typeof RECORD_FILTERS)[number]): FieldOutline => {
    const chosen = chosenRecord(props, name);
    return { label, size: 'medium', shrink: chosen !== null, value: chosen?.label };
  };
  return [
    {
      label: 'table.lists.costSearch',
      size: 'small',
      hint: 'table.lists.costSearchHint',
      shrink: Boolean(filters.search),
      value: filters.search,
    },
    choice('costs.status', STATUS_OPTIONS, filters.status),
    ...RECORD_FILTERS.map(record),
    { label: 'costs.period', size: 'medium', shrink: Boolean(filters.period) },
    choice('costs.toBill', YES_NO_OPTIONS, filters.toBill),
    choice('costs.billedFilter', YES_NO_OPTIONS, filters.billed),
    choice('costs.archived', ARCHIVED_OPTIONS, filters.archived),
  ];
}

const fieldGrid = (theme: Theme) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
  ...fieldOutlineParts(theme),
});

/**
 * The costs table's filters: a text search, then choices applied as they are made. The fields are
 * drawn right after the table's first rows, their outlines until then.
 */
export function CostFiltersPanel(props: {
  filters: CostFilters;
  names: { project?: string; costType?: string; subsidiary?: string; supplier?: string };
  onChange: (values: CostFilters) => void;
  onSearch: (search: string) => void;
}) {
  const { t } = useTranslation();
  const drawn = useDrawnAfterFirstRender();
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="costs-filters">
      {drawn ? (
        <Fields {...props} />
      ) : (
        <Box sx={fieldGrid}>
          <FieldOutlines fields={outlines(props, t)} />
        </Box>
      )}
    </Paper>
  );
}

function Fields(props: PanelProps) {
  return (
    <Formik<CostFilters>
      initialValues={props.filters}
      enableReinitialize
      onSubmit={() => undefined}
    >
      <Form>
        <FilterSync onChange={props.onChange} />
        <Box sx={fieldGrid}>
          <FilterTextField
            label="table.lists.costSearch"
            hint="table.lists.costSearchHint"
            value={props.filters.search}
            onApply={props.onSearch}
            testId="costs-search"
          />
          <SelectInput name="status" label="costs.status" options={STATUS_OPTIONS} />
          {RECORD_FILTERS.map(({ name, label }) => (
            <SearchInput
              key={name}
              name={name}
              label={label}
              kind={name}
              selected={chosenRecord(props, name)}
            />
          ))}
          <MonthInput name="period" label="costs.period" />
          <SelectInput name="toBill" label="costs.toBill" options={YES_NO_OPTIONS} />
          <SelectInput name="billed" label="costs.billedFilter" options={YES_NO_OPTIONS} />
          <SelectInput name="archived" label="costs.archived" options={ARCHIVED_OPTIONS} />
        </Box>
      </Form>
    </Formik>
  );
}
