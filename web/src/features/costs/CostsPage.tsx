import { Alert, Box, Button, Snackbar, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { errorMessage } from '../../api/errors.ts';
import {
  AddCostFilesDocument,
  AllCostsDocument,
  ApproveCostsDocument,
  RejectCostsDocument,
  type CostOrderBy,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { api } from '../../app/services.ts';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { filterChips } from '../../components/DataTable/filter-chips.ts';
import { ExportButton } from '../../components/export/index.ts';
import { pagingVariables, useTableState } from '../../components/DataTable/table-state.ts';
import { TextInput } from '../../components/form/TextInput.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSession } from '../../session/useSession.ts';
import { AttachFilesDialog } from './AttachFilesDialog.tsx';
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

const rejectSchema = yup.object({ reason: yup.string().trim().required('validation.required') });

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
  const reject = useGraphQLMutation(RejectCostsDocument, ['Cost', 'Invoice']);
  const addFiles = useGraphQLMutation(AddCostFilesDocument, ['Cost', 'File']);
  const [rejecting, setRejecting] = useState<CostRow[]>();
  const [attaching, setAttaching] = useState<CostRow>();
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string }>();

  const names = {
    project: query.data?.filterProject?.name,
    costType: query.data?.filterCostType?.name,
    subsidiary: companyName(query.data?.filterSubsidiary) || undefined,
    supplier: companyName(query.data?.filterSupplier) || undefined,
  };

  const columns = costColumns(t);
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

  const onFiltersChange = (values: CostFilters) => {
    const changed = (Object.keys(values) as (keyof CostFilters)[]).find(
      (key) => values[key] !== filters[key],
    );
    if (changed) table.setFilter(changed, values[changed] as never);
  };

  const loadPage = async (first: number, offset: number) => {
    const data = await api.request(
      AllCostsDocument,
      costsVariables(filters, {
        ...pagingVariables<CostOrderBy>({ ...table.state, page: 0 }),
        first,
        offset,
      }),
    );
    return (data.allCosts?.nodes ?? []).flatMap((node) => (node ? [costRow(node)] : []));
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
      <CostFiltersPanel
        filters={filters}
        names={names}
        onChange={onFiltersChange}
        onSearch={(search) => table.setFilter('search', search)}
      />
      <DataTable<CostRow, CostSortKey>
        usdNote
        testId="costs-table"
        columnChooser="costs"
        actionsWidth={90}
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
        bulkActions={(selected) => (
          // The actions the server allows on the selected costs (availableActions); a selection
          // with a cost it refuses changes nothing and says why.
          <>
            {selected.some((row) => row.actions.includes('approve')) && (
              <Button
                size="small"
                variant="contained"
                disabled={approve.isPending}
                onClick={() => void approveSelected(selected)}
                data-testid="bulk-approve"
              >
                {t('costs.approve')}
              </Button>
            )}
            {selected.some((row) => row.actions.includes('reject')) && (
              <Button
                size="small"
                color="error"
                variant="outlined"
                onClick={() => setRejecting(selected)}
                data-testid="bulk-reject"
              >
                {t('costs.reject')}
              </Button>
            )}
          </>
        )}
        pinActions
        rowActions={(row) => (
          <CostRowActions row={row} canAttach={costWrite} onAttach={() => setAttaching(row)} />
        )}
        emptyText={t('costs.empty')}
      />
      <FormDialog<{ reason: string }>
        open={Boolean(rejecting)}
        testId="reject-dialog"
        title="costs.rejectTitle"
        submitLabel="costs.reject"
        initialValues={{ reason: '' }}
        schema={rejectSchema}
        onClose={() => setRejecting(undefined)}
        onSubmit={async (values) => {
          const result = await reject.mutateAsync({
            ids: (rejecting ?? []).map((row) => row.id),
            reason: values.reason.trim(),
          });
          setMessage({
            severity: 'success',
            text: t('costs.rejected', { count: result.rejectCosts?.result?.length ?? 0 }),
          });
        }}
      >
        <Typography variant="body2">
          {t('costs.rejectText', { count: rejecting?.length ?? 0 })}
        </Typography>
        <TextInput name="reason" label="costs.reason" multiline minRows={2} required />
      </FormDialog>
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
