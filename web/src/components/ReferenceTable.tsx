import { Add, Delete, Edit } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, Snackbar, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { formatDate } from './format.ts';
import { DataTable, type Column, type FilterChip } from './DataTable/DataTable.tsx';
import { pagingVariables, useTableState, type SortKeyOf } from './DataTable/table-state.ts';
import { referenceFilter, referenceTableConfig } from './reference-table-state.ts';

interface ReferenceTableProps<
  Row extends { id: string; createdAt?: string },
  OrderBy extends string,
> {
  testId: string;
  /** Sortable columns name their key from the list's generated orderBy enum. */
  columns: Column<Row, SortKeyOf<OrderBy>>[];
  searchFields: string[];
  /** Loads a page: variables for the list query → rows and total. */
  useRows: (variables: { first: number; offset: number; orderBy: OrderBy[]; filter?: object }) => {
    rows: Row[];
    totalCount: number;
    loading: boolean;
    error: unknown;
    refetch: () => void;
  };
  /** Without it the table offers no delete. */
  onDelete?: (row: Row) => Promise<unknown>;
  renderDialog: (props: { open: boolean; row: Row | undefined; onClose: () => void }) => ReactNode;
  /** Add and edit elsewhere (a wizard, a details page) instead of in the dialog. */
  onAdd?: () => void;
  onEdit?: (row: Row) => void;
  /** Row actions shown before edit and delete (e.g. a link to the details page). */
  extraActions?: (row: Row) => ReactNode;
  /** i18n keys */
  title: string;
  addLabel: string;
  deleteQuestion: string;
}

/**
 * An admin reference table (projects, cost types, …): DataTable with search and created-date
 * filters as removable chips, create and edit dialogs, delete with the server's message.
 */
export function ReferenceTable<
  Row extends { id: string; createdAt?: string; name?: string },
  OrderBy extends string,
>(props: ReferenceTableProps<Row, OrderBy>) {
  const { t, i18n } = useTranslation();
  const sortKeys = props.columns.flatMap((column) => (column.sortKey ? [column.sortKey] : []));
  const config = useMemo(
    () => referenceTableConfig(sortKeys),
    // The sortable columns of a table do not change while it is shown.
    [sortKeys.join()],
  );
  const table = useTableState(config);
  const [searchText, setSearchText] = useState(table.state.filters.search);
  // The search box follows the URL (Back, a link) as well as the typing.
  useEffect(() => setSearchText(table.state.filters.search), [table.state.filters.search]);
  const [dialog, setDialog] = useState<{ open: boolean; row?: Row }>({ open: false });
  const [deleting, setDeleting] = useState<Row>();
  const [failure, setFailure] = useState<unknown>();
  const { filters } = table.state;
  const data = props.useRows({
    ...pagingVariables<OrderBy>(table.state),
    filter: referenceFilter(filters, props.searchFields),
  });

  const chips: FilterChip[] = [];
  if (filters.search) {
    chips.push({
      id: 'search',
      label: t('filters.search', { value: filters.search }),
      onRemove: () => {
        setSearchText('');
        table.setFilter('search', '');
      },
    });
  }
  if (filters.createdFrom) {
    chips.push({
      id: 'from',
      label: t('filters.createdFrom', {
        value: formatDate(filters.createdFrom.toISOString(), i18n.language),
      }),
      onRemove: () => table.setFilter('createdFrom', null),
    });
  }
  if (filters.createdTo) {
    chips.push({
      id: 'to',
      label: t('filters.createdTo', {
        value: formatDate(filters.createdTo.toISOString(), i18n.language),
      }),
      onRemove: () => table.setFilter('createdTo', null),
    });
  }

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t(props.title)}
      </Typography>
      <DataTable<Row, SortKeyOf<OrderBy>>
        testId={props.testId}
        columns={props.columns}
        rows={data.rows}
        totalCount={data.totalCount}
        loading={data.loading}
        error={data.error}
        onRetry={data.refetch}
        page={table.state.page}
        pageSize={table.state.pageSize}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        sort={table.state.sort}
        onSortChange={table.setSort}
        filters={chips}
        toolbar={
          <>
            <TextField
              size="small"
              label={t('filters.searchLabel')}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && table.setFilter('search', searchText.trim())}
              onBlur={() => table.setFilter('search', searchText.trim())}
              slotProps={{ htmlInput: { 'data-testid': 'search' } }}
            />
            <DatePicker
              label={t('filters.createdFromLabel')}
              value={filters.createdFrom}
              onChange={(value) => table.setFilter('createdFrom', value)}
              slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
            />
            <DatePicker
              label={t('filters.createdToLabel')}
              value={filters.createdTo}
              onChange={(value) => table.setFilter('createdTo', value)}
              slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
            />
            <Box sx={{ flexGrow: 1 }} />
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => (props.onAdd ? props.onAdd() : setDialog({ open: true }))}
              data-testid="add"
            >
              {t(props.addLabel)}
            </Button>
          </>
        }
        rowActions={(row) => (
          <>
            {props.extraActions?.(row)}
            <IconButton
              size="small"
              aria-label={t('common.edit')}
              onClick={() => (props.onEdit ? props.onEdit(row) : setDialog({ open: true, row }))}
              data-testid="edit"
            >
              <Edit fontSize="small" />
            </IconButton>
            {props.onDelete && (
              <IconButton
                size="small"
                aria-label={t('common.delete')}
                onClick={() => setDeleting(row)}
                data-testid="delete"
              >
                <Delete fontSize="small" />
              </IconButton>
            )}
          </>
        )}
      />
      {props.renderDialog({
        open: dialog.open,
        row: dialog.row,
        onClose: () => setDialog({ open: false }),
      })}
      {deleting && (
        <ConfirmDelete
          name={deleting.name ?? String(deleting.id)}
          question={props.deleteQuestion}
          onClose={() => setDeleting(undefined)}
          onConfirm={async () => {
            const row = deleting;
            setDeleting(undefined);
            try {
              await props.onDelete?.(row);
            } catch (error) {
              setFailure(error);
            }
          }}
        />
      )}
      <Snackbar
        open={failure !== undefined}
        autoHideDuration={8000}
        onClose={() => setFailure(undefined)}
      >
        <Alert severity="error" onClose={() => setFailure(undefined)} data-testid="delete-error">
          {t('errors.cannotDelete')}: {errorMessage(t, failure)}
        </Alert>
      </Snackbar>
    </Box>
  );
}

function ConfirmDelete(props: {
  name: string;
  question: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      title={t('common.delete')}
      text={t(props.question, { name: props.name })}
      onClose={props.onClose}
      onConfirm={props.onConfirm}
    />
  );
}
