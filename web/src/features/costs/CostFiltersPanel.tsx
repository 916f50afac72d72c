import { Box, Paper } from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { FilterTextField } from '../../components/DataTable/filter-fields.tsx';
import { MonthInput } from '../../components/form/DateInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
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

/** The costs table's filters: a text search, then choices applied as they are made. */
export function CostFiltersPanel(props: {
  filters: CostFilters;
  names: { project?: string; costType?: string; subsidiary?: string; supplier?: string };
  onChange: (values: CostFilters) => void;
  onSearch: (search: string) => void;
}) {
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="costs-filters">
      <Formik<CostFilters>
        initialValues={props.filters}
        enableReinitialize
        onSubmit={() => undefined}
      >
        <Form>
          <FilterSync onChange={props.onChange} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
            }}
          >
            <FilterTextField
              label="table.lists.costSearch"
              hint="table.lists.costSearchHint"
              value={props.filters.search}
              onApply={props.onSearch}
              testId="costs-search"
            />
            <SelectInput
              name="status"
              label="costs.status"
              options={[
                { value: '', label: 'costs.any' },
                ...COST_STATUSES.map((value) => ({ value, label: `statuses.${value}` })),
              ]}
            />
            <SearchInput
              name="project"
              label="costs.project"
              kind="project"
              selected={
                props.filters.project && props.names.project
                  ? { value: props.filters.project, label: props.names.project }
                  : null
              }
            />
            <SearchInput
              name="costType"
              label="costs.costType"
              kind="costType"
              selected={
                props.filters.costType && props.names.costType
                  ? { value: props.filters.costType, label: props.names.costType }
                  : null
              }
            />
            <SearchInput
              name="subsidiary"
              label="costs.subsidiary"
              kind="subsidiary"
              selected={
                props.filters.subsidiary && props.names.subsidiary
                  ? { value: props.filters.subsidiary, label: props.names.subsidiary }
                  : null
              }
            />
            <SearchInput
              name="supplier"
              label="costs.supplier"
              kind="supplier"
              selected={
                props.filters.supplier && props.names.supplier
                  ? { value: props.filters.supplier, label: props.names.supplier }
                  : null
              }
            />
            <MonthInput name="period" label="costs.period" />
            <SelectInput
              name="toBill"
              label="costs.toBill"
              options={[
                { value: '', label: 'costs.any' },
                { value: 'yes', label: 'costs.yes' },
                { value: 'no', label: 'costs.no' },
              ]}
            />
            <SelectInput
              name="billed"
              label="costs.billedFilter"
              options={[
                { value: '', label: 'costs.any' },
                { value: 'yes', label: 'costs.yes' },
                { value: 'no', label: 'costs.no' },
              ]}
            />
            <SelectInput
              name="archived"
              label="costs.archived"
              options={[
                { value: '', label: 'costs.archivedOptions.live' },
                { value: 'only', label: COST_ARCHIVED_LABELS.only },
                { value: 'all', label: COST_ARCHIVED_LABELS.all },
              ]}
            />
          </Box>
        </Form>
      </Formik>
    </Paper>
  );
}
