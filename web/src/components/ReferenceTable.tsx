import { Add, Delete, Edit, Inventory2, Unarchive } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Link,
  Snackbar,
  Switch,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../api/errors.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { formatDate } from './format.ts';
import { DataTable, type Column, type FilterChip } from './DataTable/DataTable.tsx';
import { FilterDateField, FilterTextField } from './DataTable/filter-fields.tsx';
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
  /** Rows that can be archived (hidden from pickers, kept on their records) and restored: the
   *  table lists live rows, or archived ones with the "Archived" switch. */
  onSetArchived?: (row: Row, archived: boolean) => Promise<unknown>;
  renderDialog: (props: { open: boolean; row: Row | undefined; onClose: () => void }) => ReactNode;
  /** Add and edit elsewhere (a wizard, a details page) instead of in the dialog. */
  onAdd?: () => void;
  onEdit?: (row: Row) => void;
  /** More toolbar buttons, before "add" (e.g. export and import). */
  toolbarExtra?: ReactNode;
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
  Row extends { id: string; createdAt?: string; name?: string; isArchived?: boolean },
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
  // The search box follows the URL (Back, a link) as well as the typing.
  const [dialog, setDialog] = useState<{ open: boolean; row?: Row }>({ open: false });
  const [deleting, setDeleting] = useState<Row>();
  const [failure, setFailure] = useState<{ error: unknown; row?: Row }>();
  const { filters } = table.state;
  const archivable = Boolean(props.onSetArchived);
  const data = props.useRows({
    ...pagingVariables<OrderBy>(table.state),
    filter: referenceFilter(filters, props.searchFields, archivable),
  });
  const setArchived = async (row: Row, archived: boolean) => {
    try {
      await props.onSetArchived?.(row, archived);
      setFailure(undefined);
    } catch (error) {
      setFailure({ error });
    }
  };

  const chips: FilterChip[] = [];
  if (filters.search) {
    chips.push({
      id: 'search',
      label: t('filters.search', { value: filters.search }),
      onRemove: () => table.setFilter('search', ''),
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
            <FilterTextField
              label="filters.searchLabel"
              hint="table.lists.searchHint"
              value={filters.search}
              onApply={(value) => table.setFilter('search', value)}
              testId="search"
            />
            <FilterDateField
              label="filters.createdFromLabel"
              value={filters.createdFrom}
              onApply={(value) => table.setFilter('createdFrom', value)}
            />
            <FilterDateField
              label="filters.createdToLabel"
              value={filters.createdTo}
              onApply={(value) => table.setFilter('createdTo', value)}
            />
            {archivable && (
              <FormControlLabel
                control={
                  <Switch
                    checked={filters.archived === 'only'}
                    onChange={(e) => table.setFilter('archived', e.target.checked ? 'only' : '')}
                    slotProps={{ input: { 'data-testid': 'show-archived' } as object }}
                  />
                }
                label={t('archive.showArchived')}
              />
            )}
            <Box sx={{ flexGrow: 1 }} />
            {props.toolbarExtra}
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
            {archivable && (
              <IconButton
                size="small"
                aria-label={t(row.isArchived ? 'archive.restore' : 'archive.archive')}
                title={t(row.isArchived ? 'archive.restore' : 'archive.archive')}
                onClick={() => void setArchived(row, !row.isArchived)}
                data-testid={row.isArchived ? 'restore' : 'archive'}
              >
                {row.isArchived ? <Unarchive fontSize="small" /> : <Inventory2 fontSize="small" />}
              </IconButton>
            )}
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
              setFailure({ error, row });
            }
          }}
        />
      )}
      <Snackbar
        open={failure !== undefined}
        autoHideDuration={failure?.row ? null : 8000}
        onClose={(_event, reason) => reason !== 'clickaway' && setFailure(undefined)}
      >
        <Alert
          severity="error"
          onClose={() => setFailure(undefined)}
          data-testid="delete-error"
          action={
            failure?.row && archivable && !failure.row.isArchived ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => void setArchived(failure.row!, true)}
                data-testid="archive-instead"
              >
                {t('archive.archiveInstead')}
              </Button>
            ) : undefined
          }
        >
          {failure?.row ? `${t('errors.cannotDelete')}: ` : ''}
          {errorMessage(t, failure?.error)}
          <DependentLinks error={failure?.error} />
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

/** The records that keep a row from being deleted, each linked to its page where it has one. */
function DependentLinks(props: { error: unknown }) {
  const rows =
    props.error instanceof ApiError
      ? (props.error.details.dependentRows as DependentRow[] | undefined)
      : undefined;
  if (!rows?.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }} data-testid="dependent-rows">
      {rows.map((row) => {
        const href = dependentHref(row);
        return (
          <li key={`${row.tableName}-${row.id}`}>
            {href ? (
              <Link component={RouterLink} to={href} color="inherit">
                {row.label}
              </Link>
            ) : (
              row.label
            )}
          </li>
        );
      })}
    </Box>
  );
}

export interface DependentRow {
  tableName: string;
  id: string;
  label: string;
}

/** Where a dependent record is shown (none for tables without a page of their own). */
function dependentHref(row: DependentRow): string | undefined {
  const pages: Record<string, string> = {
    documents: `/documents/${row.id}`,
    invoices: `/invoices/${row.id}`,
    bills: `/bills/${row.id}`,
    costs: `/redirect-to-invoice/cost/${row.id}`,
  };
  return pages[row.tableName];
}
