import { Add, Delete, Edit, Inventory2, Unarchive } from '@mui/icons-material';
import { Box, Button, FormControlLabel, Switch, Typography } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bindTable } from './DataTable/bind-table.ts';
import { DataTable, type Column } from './DataTable/DataTable.tsx';
import { filterChips } from './DataTable/filter-chips.ts';
import { RowIconButton } from './DataTable/row-icon-button.tsx';
import { ConfirmDelete, ReferenceNotices } from './reference-delete.tsx';
import { FilterDateField, FilterTextField } from './DataTable/filter-fields.tsx';
import { pagingVariables, useTableState, type SortKeyOf } from './DataTable/table-state.ts';
import { createdColumn } from './reference-rows.ts';
import { referenceFilter, referenceTableConfig } from './reference-table-state.ts';

export interface ReferenceTableProps<
  Row extends { id: string; createdAt?: string },
  OrderBy extends string,
> {
  testId: string;
  /** Sortable columns name their key from the list's generated orderBy enum. The table adds
   *  the "created" column at the end itself. */
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
const nameOf = (row: { id: string; name?: string }) => row.name ?? row.id;

export function ReferenceTable<
  Row extends { id: string; createdAt?: string; name?: string; isArchived?: boolean },
  OrderBy extends string,
>(props: ReferenceTableProps<Row, OrderBy>) {
  const { t, i18n } = useTranslation();
  const columns = [...props.columns, createdColumn<Row, SortKeyOf<OrderBy>>(i18n.language)];
  const sortKeys = columns.flatMap((column) => (column.sortKey ? [column.sortKey] : []));
  const config = useMemo(
    () => referenceTableConfig(sortKeys),
    // The sortable columns of a table do not change while it is shown.
    [sortKeys.join()],
  );
  const table = useTableState(config);
  const [dialog, setDialog] = useState<{ open: boolean; row?: Row }>({ open: false });
  const [deleting, setDeleting] = useState<Row>();
  const [failure, setFailure] = useState<{ error: unknown; row?: Row }>();
  // What the last delete, archive or restore did, said in a toast.
  const [done, setDone] = useState<string>();
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
      setDone(t(archived ? 'archive.archived' : 'archive.restored', { name: nameOf(row) }));
    } catch (error) {
      setFailure({ error });
    }
  };

  const chips = filterChips({
    filters,
    config,
    prefix: 'filters',
    t,
    language: i18n.language,
    onRemove: table.setFilter,
    // The archived switch says itself whether it is on.
    order: ['search', 'createdFrom', 'createdTo'],
  });

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t(props.title)}
      </Typography>
      <DataTable<Row, SortKeyOf<OrderBy>>
        testId={props.testId}
        columns={columns}
        {...bindTable(table, data)}
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
            <RowIconButton
              aria-label={t('common.edit')}
              onClick={() => (props.onEdit ? props.onEdit(row) : setDialog({ open: true, row }))}
              data-testid="edit"
            >
              <Edit fontSize="small" />
            </RowIconButton>
            {archivable && (
              <RowIconButton
                aria-label={t(row.isArchived ? 'archive.restore' : 'archive.archive')}
                title={t(row.isArchived ? 'archive.restore' : 'archive.archive')}
                onClick={() => void setArchived(row, !row.isArchived)}
                data-testid={row.isArchived ? 'restore' : 'archive'}
              >
                {row.isArchived ? <Unarchive fontSize="small" /> : <Inventory2 fontSize="small" />}
              </RowIconButton>
            )}
            {props.onDelete && (
              <RowIconButton
                aria-label={t('common.delete')}
                onClick={() => setDeleting(row)}
                data-testid="delete"
              >
                <Delete fontSize="small" />
              </RowIconButton>
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
          name={nameOf(deleting)}
          question={props.deleteQuestion}
          onClose={() => setDeleting(undefined)}
          onConfirm={async () => {
            const row = deleting;
            setDeleting(undefined);
            try {
              await props.onDelete?.(row);
              setDone(t('archive.deleted', { name: nameOf(row) }));
            } catch (error) {
              setFailure({ error, row });
            }
          }}
        />
      )}
      <ReferenceNotices
        failure={failure}
        done={done}
        onArchiveInstead={archivable ? (row) => void setArchived(row, true) : undefined}
        onClose={() => {
          setFailure(undefined);
          setDone(undefined);
        }}
      />
    </Box>
  );
}
