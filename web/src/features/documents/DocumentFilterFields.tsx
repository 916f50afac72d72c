// The documents table's filter fields: name, type and "expiring" in the toolbar; the other text
// and date filters and the archive under "More filters".
import { FilterList } from '@mui/icons-material';
import {
  Box,
  Button,
  Checkbox,
  Collapse,
  FormControlLabel,
  MenuItem,
  Paper,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FilterDateField, FilterTextField } from '../../components/DataTable/filter-fields.tsx';
import type { useTableState } from '../../components/DataTable/table-state.ts';
import {
  DATE_FILTERS,
  DOCUMENT_TYPES,
  EXPIRING_DAYS,
  MORE_TEXT_FILTERS,
  moreFiltersSet,
  type DocumentFilters,
  type DocumentSortKey,
} from './document-filters.ts';

type Table = ReturnType<typeof useTableState<DocumentFilters, DocumentSortKey>>;

/** A text filter of the list (applied as you type); follows the URL. */
function FilterText(props: { table: Table; name: keyof DocumentFilters & TextName }) {
  const { table, name } = props;
  return (
    <FilterTextField
      label={`documents.filters.${name}`}
      hint="table.lists.searchHint"
      value={table.state.filters[name]}
      onApply={(value) => table.setFilter(name, value)}
      testId={`filter-${name}`}
    />
  );
}
type TextName = 'name' | (typeof MORE_TEXT_FILTERS)[number];

/** A choice of the toolbar: "any" or one of the values. */
function FilterChoice<N extends 'type' | 'expiring'>(props: {
  table: Table;
  name: N;
  label: string;
  values: readonly Exclude<DocumentFilters[N], ''>[];
  text: (value: Exclude<DocumentFilters[N], ''>) => string;
  width: number;
  itemTestId?: (value: string) => string;
}) {
  const { t } = useTranslation();
  const { table, name } = props;
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={table.state.filters[name]}
      onChange={(e) => table.setFilter(name, e.target.value as DocumentFilters[N])}
      sx={{ minWidth: props.width }}
      slotProps={{
        select: { SelectDisplayProps: { 'data-testid': `filter-${name}` } as object },
      }}
    >
      <MenuItem value="">{t('documents.filters.any')}</MenuItem>
      {props.values.map((value) => (
        <MenuItem key={value} value={value} data-testid={props.itemTestId?.(value)}>
          {props.text(value)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The toolbar's filters and the button that opens the others. */
export function DocumentToolbarFilters(props: {
  table: Table;
  moreOpen: boolean;
  onToggleMore: () => void;
}) {
  const { t } = useTranslation();
  const { table } = props;
  const moreSet = moreFiltersSet(table.state.filters);
  return (
    <>
      <FilterText table={table} name="name" />
      <FilterChoice
        table={table}
        name="type"
        label={t('resources.fields.type')}
        values={DOCUMENT_TYPES}
        text={(type) => t(`documents.types.${type}`)}
        width={180}
      />
      <FilterChoice
        table={table}
        name="expiring"
        label={t('documents.filters.expiring')}
        values={EXPIRING_DAYS}
        text={(days) => t('documents.filters.nextDays', { days })}
        width={220}
        itemTestId={(days) => `expiring-${days}`}
      />
      <Button
        startIcon={<FilterList />}
        onClick={props.onToggleMore}
        aria-expanded={props.moreOpen}
        data-testid="toggle-filters"
      >
        {props.moreOpen
          ? t('documents.filters.less')
          : moreSet
            ? t('documents.filters.moreActive', { count: moreSet })
            : t('documents.filters.more')}
      </Button>
    </>
  );
}

/** "More filters": the other text filters, the dates and the archive. */
export function DocumentMoreFilters(props: { table: Table; open: boolean }) {
  const { t } = useTranslation();
  const { table } = props;
  const { filters } = table.state;
  return (
    <Collapse in={props.open} unmountOnExit>
      <Paper sx={{ p: 2, mb: 2 }} data-testid="more-filters">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            gap: 2,
          }}
        >
          {MORE_TEXT_FILTERS.map((name) => (
            <FilterText key={name} table={table} name={name} />
          ))}
          {DATE_FILTERS.map((name) => (
            <FilterDateField
              key={name}
              label={`documents.filters.${name}`}
              value={filters[name]}
              onApply={(value) => table.setFilter(name, value)}
            />
          ))}
          <FormControlLabel
            control={
              <Checkbox
                checked={filters.archived === 'only'}
                onChange={(e) => table.setFilter('archived', e.target.checked ? 'only' : '')}
                slotProps={{ input: { 'data-testid': 'filter-archived' } as object }}
              />
            }
            label={t('documents.filters.archivedOnly')}
          />
        </Box>
      </Paper>
    </Collapse>
  );
}
