import { Alert, Box, Snackbar, Typography } from '@mui/material';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import {
  AddCostFilesDocument,
  AllCostsDocument,
  ApproveCostsDocument,
  type CostOrderBy,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { api } from '../../app/services.ts';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { filterChips } from '../../components/DataTable/filter-chips.ts';
import { ExportButton, connectionPage, mapPage } from '../../components/export/index.ts';
import { pagingVariables, useTableState } from '../../components/DataTable/table-state.ts';
import { useSession } from '../../session/useSession.ts';
import { AttachFilesDialog } from './AttachFilesDialog.tsx';
import { CostBulkActions, RejectCostsDialog } from './CostBulkActions.tsx';
import { CostRowActions } from './CostRowActions.tsx';
import { costColumns } from './columns.ts';
import { CostFiltersPanel } from './CostFiltersPanel.tsx';
import {
  COST_ARCHIVED_LABELS,
  COSTS_TABLE,
  companyName,
  costRow,
  costsVariables,
  type CostFilters,
  type CostRow,
  type CostSortKey,
} from './costs-list.ts';

/** The filters panel, drawn again only when its own props change. */
const Filters = memo(CostFiltersPanel);

export default function CostsPage() {
  const { t, i18n } = useTranslation();
  const { scopes } = useSession();
  const costWrite = scopes.includes('cost:write');
  const table = useTableState(COSTS_TABLE);
  const { filters } = table.state;
  const variables = costsVariables(filters, pagingVariables<CostOrderBy>(table.state));
  const query = useGraphQLQuery(AllCostsDocument, variables, {
    reads: ['Cost', 'Invoice', 'Project', 'CostType', 'Company'],
  });
  const rows = useMemo(
    () => (query.data?.allCosts?.nodes ?? []).flatMap((node) => (node ? [costRow(node)] : [])),
    [query.data],
  );
  const approve = useGraphQLMutation(ApproveCostsDocument, ['Cost', 'Invoice']);
  const addFiles = useGraphQLMutation(AddCostFilesDocument, ['Cost', 'File']);
  const [rejecting, setRejecting] = useState<CostRow[]>();
  const [attaching, setAttaching] = useState<CostRow>();
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string }>();

  const project = query.data?.filterProject?.name;
  const costType = query.data?.filterCostType?.name;
  const subsidiary = companyName(query.data?.filterSubsidiary) || undefined;
  const supplier = companyName(query.data?.filterSupplier) || undefined;
  const names = useMemo(
    () => ({ project, costType, subsidiary, supplier }),
    [project, costType, subsidiary, supplier],
  );

  const columns = useMemo(() => costColumns(t), [t]);
  const chips = filterChips({
    filters,
    config: COSTS_TABLE,
    prefix: 'costs.chips',
    t,
    language: i18n.language,
    onRemove: table.setFilter,
    labels: { search: 'table.lists.chips.search', createdBy: 'table.lists.chips.createdBy' },
    format: {
      status: (value) => t(`statuses.${value}`),
      project: () => names.project ?? '…',
      costType: () => names.costType ?? '…',
      subsidiary: () => names.subsidiary ?? '…',
      supplier: () => names.supplier ?? '…',
      toBill: (value) => t(`costs.${value}`),
      billed: (value) => t(`costs.${value}`),
      archived: (value) => t(COST_ARCHIVED_LABELS[value || 'only']),
    },
  });

  // Every changed choice, not only the first: a second choice made before the first reached the
  // list's render would otherwise be compared with the filters before both. The panel's callbacks
  // stay the same functions (they read this render's filters through a ref), so that the rows
  // arriving or a page turned do not draw the panel again (docs/web.md "First rows").
  const latest = useRef({ filters, table });
  latest.current = { filters, table };
  const onFiltersChange = useCallback((values: CostFilters) => {
    const { filters, table } = latest.current;
    const changed = (Object.keys(values) as (keyof CostFilters)[]).filter(
      (key) => values[key] !== filters[key],
    );
    if (changed.length > 0)
      table.setFilters(Object.fromEntries(changed.map((key) => [key, values[key]])));
  }, []);
  const onSearch = useCallback(
    (search: string) => latest.current.table.setFilter('search', search),
    [],
  );
  const rowActions = useCallback(
    (row: CostRow) => (
      <CostRowActions row={row} canAttach={costWrite} onAttach={() => setAttaching(row)} />
    ),
    [costWrite],
  );

  const loadPage = async (first: number, after: string | null) => {
    const data = await api.request(AllCostsDocument, {
      ...costsVariables(filters, {
        ...pagingVariables<CostOrderBy>({ ...table.state, page: 0 }),
        first,
        offset: 0,
      }),
      after,
    });
    return mapPage(connectionPage(data.allCosts), costRow);
  };

  const approveSelected = async (selected: CostRow[]) => {
    try {
      const result = await approve.mutateAsync({ ids: selected.map((row) => row.id) });
      setMessage({
        severity: 'success',
        text: t('costs.approved', { count: result.approveCosts?.result?.length ?? 0 }),
      });
    } catch (error) {
      setMessage({ severity: 'error', text: errorMessage(t, error) });
    }
  };

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t('titles.costs')}
      </Typography>
      <Filters filters={filters} names={names} onChange={onFiltersChange} onSearch={onSearch} />
      <DataTable<CostRow, CostSortKey>
        usdNote
        testId="costs-table"
        columnChooser="costs"
        actionsWidth={120}
        columns={columns}
        {...bindTable(table, {
          rows,
          totalCount: query.data?.allCosts?.totalCount ?? 0,
          loading: query.isFetching,
          error: query.error ?? undefined,
          refetch: () => void query.refetch(),
        })}
        filters={chips}
        summary={
          // A sum means something only in one currency: the USD figures always are.
          { amount: 'amountUsd', total: 'amountUsdWVat', currency: 'USD' }
        }
        toolbar={
          <ExportButton<CostRow>
            title={t('titles.costs')}
            columns={columns as Column<CostRow>[]}
            loadPage={loadPage}
          />
        }
        loadMatching={loadPage}
        bulkActions={(selected) => (
          <CostBulkActions
            selected={selected}
            onApprove={() => void approveSelected(selected)}
            approving={approve.isPending}
            onReject={() => setRejecting(selected)}
          />
        )}
        pinActions
        rowActions={rowActions}
        emptyText={t('costs.empty')}
      />
      <RejectCostsDialog
        rejecting={rejecting}
        onClose={() => setRejecting(undefined)}
        onDone={(count) =>
          setMessage({ severity: 'success', text: t('costs.rejected', { count }) })
        }
      />
      {attaching && (
        <AttachFilesDialog
          row={attaching}
          onClose={() => setAttaching(undefined)}
          onDone={(count) => {
            setAttaching(undefined);
            setMessage({ severity: 'success', text: t('costs.filesAttached', { count }) });
          }}
          attach={(fileIds) => addFiles.mutateAsync({ costId: attaching.id, fileIds })}
        />
      )}
      <Snackbar
        open={Boolean(message)}
        autoHideDuration={6000}
        onClose={() => setMessage(undefined)}
      >
        {message ? (
          <Alert
            severity={message.severity}
            onClose={() => setMessage(undefined)}
            data-testid="costs-message"
          >
            {message.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
