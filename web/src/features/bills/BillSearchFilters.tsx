import { FilterList } from '@mui/icons-material';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterTextField } from '../../components/DataTable/filter-fields.tsx';
import type { useTableState } from '../../components/DataTable/table-state.ts';
import { BillFilterDialog } from './BillFilterDialog.tsx';
import type { BillSortKey, BillsFilters } from './filters.ts';

/** The bills tables' search field and their filter dialog (both views share them). */
export function BillSearchFilters(props: {
  table: ReturnType<typeof useTableState<BillsFilters, BillSortKey>>;
}) {
  const { t } = useTranslation();
  const { table } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Box sx={{ width: 320 }}>
        <FilterTextField
          fullWidth
          label="bills.filter.search"
          hint="table.lists.searchHint"
          value={table.state.filters.search}
          onApply={(v) => table.setFilter('search', v)}
          testId="search"
        />
      </Box>
      <Button startIcon={<FilterList />} onClick={() => setOpen(true)} data-testid="toggle-filters">
        {t('filters.title')}
      </Button>
      <BillFilterDialog
        open={open}
        filters={table.state.filters}
        onApply={table.setFilters}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
