import { AttachFile, OpenInNew } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Snackbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { DataTable, type Column, type FilterChip } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/export/index.ts';
import { pagingVariables, useTableState } from '../../components/DataTable/table-state.ts';
import { FileDropZone, uploadPicked } from '../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import { MonthInput, SelectInput, TextInput } from '../../components/form/fields.tsx';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSession } from '../../session/useSession.ts';
import {
  COST_STATUSES,
  COSTS_TABLE,
  companyName,
  costRow,
  costsVariables,
  type CostFilters,
  type CostRow,
  type CostSortKey,
} from './costs-list.ts';

const rejectSchema = yup.object({ reason: yup.string().trim().required('validation.required') });

/** Pushes the filter form's values into the URL as they change. */
function FilterSync(props: { onChange: (values: CostFilters) => void }) {
  const { values } = useFormikContext<CostFilters>();
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  useEffect(() => onChange.current(values), [values]);
  return null;
}

export default function CostsPage() {
  const { t } = useTranslation();
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

  // Fixed widths: thirteen columns do not fit a laptop screen, so the table scrolls sideways
  // with the most looked-at first (what, whose, how much) rather than squeezing every name.
  const columns: Column<CostRow, CostSortKey>[] = [
    { field: 'id', header: 'costs.id', sortKey: 'ID', width: 90 },
    { field: 'status', header: 'costs.status', kind: 'status', width: 170 },
    { field: 'name', header: 'costs.name', width: 220 },
    { field: 'invoice', header: 'costs.invoice', sortKey: 'INVOICE_ID', width: 190 },
    { field: 'supplier', header: 'costs.supplier', width: 170 },
    {
      field: 'amountWVat',
      header: 'costs.amountWVat',
      kind: 'money',
      currency: (row) => row.currency,
      width: 150,
    },
    {
      field: 'amountUsdWVat',
      header: 'costs.amountUsdWVat',
      kind: 'money',
      currency: 'USD',
      width: 150,
    },
    {
      field: 'amount',
      header: 'costs.amount',
      sortKey: 'AMOUNT',
      kind: 'money',
      currency: (row) => row.currency,
      width: 150,
    },
    {
      field: 'amountUsd',
      header: 'costs.amountUsd',
      sortKey: 'AMOUNT_USD',
      kind: 'money',
      currency: 'USD',
      width: 150,
    },
    { field: 'period', header: 'costs.period', sortKey: 'YEAR', width: 110 },
    { field: 'project', header: 'costs.project', width: 170 },
    { field: 'costType', header: 'costs.costType', width: 170 },
    { field: 'subsidiary', header: 'costs.subsidiary', width: 150 },
    {
      field: 'billing',
      header: 'costs.toBill',
      width: 170,
      format: (row) =>
        row.billing === 'billed'
          ? t('costs.billed', { id: row.billId })
          : row.billing === 'toBill'
            ? t('costs.yes')
            : '',
    },
  ];

  const chips: FilterChip[] = [];
  const chip = (key: keyof CostFilters, value: string | undefined, initial: string = '') => {
    if (filters[key] === initial) return;
    chips.push({
      id: key,
      label: t(`costs.chips.${key}`, { value: value ?? '…' }),
      onRemove: () => table.setFilter(key, initial as never),
    });
  };
  chip('status', filters.status ? t(`statuses.${filters.status}`) : undefined);
  chip('project', names.project);
  chip('costType', names.costType);
  chip('subsidiary', names.subsidiary);
  chip('supplier', names.supplier);
  chip('period', filters.period);
  chip('toBill', filters.toBill ? t(`costs.${filters.toBill}`) : undefined);
  chip('billed', filters.billed ? t(`costs.${filters.billed}`) : undefined);
  chip('archived', filters.archived ? t(`costs.archivedOptions.${filters.archived}`) : undefined);

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
      <Paper sx={{ p: 2, mb: 2 }} data-testid="costs-filters">
        <Formik<CostFilters> initialValues={filters} enableReinitialize onSubmit={() => undefined}>
          <Form>
            <FilterSync onChange={onFiltersChange} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
              }}
            >
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
                  filters.project && names.project
                    ? { value: filters.project, label: names.project }
                    : null
                }
              />
              <SearchInput
                name="costType"
                label="costs.costType"
                kind="costType"
                selected={
                  filters.costType && names.costType
                    ? { value: filters.costType, label: names.costType }
                    : null
                }
              />
              <SearchInput
                name="subsidiary"
                label="costs.subsidiary"
                kind="subsidiary"
                selected={
                  filters.subsidiary && names.subsidiary
                    ? { value: filters.subsidiary, label: names.subsidiary }
                    : null
                }
              />
              <SearchInput
                name="supplier"
                label="costs.supplier"
                kind="supplier"
                selected={
                  filters.supplier && names.supplier
                    ? { value: filters.supplier, label: names.supplier }
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
                  { value: 'archived', label: 'costs.archivedOptions.archived' },
                  { value: 'all', label: 'costs.archivedOptions.all' },
                ]}
              />
            </Box>
          </Form>
        </Formik>
      </Paper>
      <DataTable<CostRow, CostSortKey>
        usdNote
        testId="costs-table"
        columns={columns}
        rows={rows}
        totalCount={query.data?.allCosts?.totalCount ?? 0}
        loading={query.isFetching}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        page={table.state.page}
        pageSize={table.state.pageSize}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        sort={table.state.sort}
        onSortChange={table.setSort}
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
          <>
            <Tooltip title={t('costs.openInvoice', { id: row.invoiceId })}>
              <IconButton
                size="small"
                component={Link}
                to={`/invoices/${row.invoiceId}`}
                aria-label={t('costs.openInvoice', { id: row.invoiceId })}
                data-testid={`invoice-link-${row.id}`}
              >
                <OpenInNew fontSize="small" />
              </IconButton>
            </Tooltip>
            {costWrite && (
              <Tooltip title={t('costs.attachFiles')}>
                <IconButton
                  size="small"
                  onClick={() => setAttaching(row)}
                  aria-label={t('costs.attachFilesTo', { id: row.id })}
                  data-testid={`attach-${row.id}`}
                >
                  <AttachFile fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
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

/** Files for one cost: the kit's drop zone (limits, duplicates with where they are attached). */
function AttachFilesDialog(props: {
  row: CostRow;
  onClose: () => void;
  onDone: (count: number) => void;
  attach: (fileIds: string[]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const save = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const ids = await uploadPicked(files, setFiles);
      await props.attach(ids);
      props.onDone(ids.length);
    } catch (error) {
      setFailure(error);
      setFiles((current) => current.map((file) => ({ ...file, progress: undefined })));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('costs.attachTitle', { id: props.row.id, name: props.row.name })}
      </DialogTitle>
      <DialogContent>
        {failure !== undefined && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="attach-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        <FileDropZone files={files} onChange={setFiles} disabled={busy} testId="cost-files" />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || files.length === 0}
          data-testid="attach-save"
        >
          {t('costs.attach')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
