import { Add, Delete, Edit, UploadFile } from '@mui/icons-material';
import { Alert, Box, Button, Snackbar, Typography } from '@mui/material';
import { FilterDateField, FilterTextField } from '../../../components/DataTable/filter-fields.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { errorMessage } from '../../../api/errors.ts';
import {
  AllExchangeRatesDocument,
  CreateExchangeRateDocument,
  DeleteExchangeRateDocument,
  UpdateExchangeRateDocument,
  type AllExchangeRatesQuery,
  type ExchangeRateOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useListQuery } from '../../../api/hooks.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { bindTable } from '../../../components/DataTable/bind-table.ts';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { filterChips } from '../../../components/DataTable/filter-chips.ts';
import {
  pagingVariables,
  useTableState,
  type SortKeyOf,
} from '../../../components/DataTable/table-state.ts';
import { formatDate } from '../../../components/format.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { DateInput } from '../../../components/form/DateInput.tsx';
import { TextInput } from '../../../components/form/TextInput.tsx';
import { dateRule } from '../../../components/form/rules.ts';
import { SearchInput } from '../../../components/form/SearchInput.tsx';
import { RATES_TABLE, ratesFilter } from './rates-table.ts';
import { rateColumns } from './columns.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { RowIconButton } from '../../../components/DataTable/row-icon-button.tsx';

type Rate = NonNullable<AllExchangeRatesQuery['allExchangeRates']>['nodes'][number];
export type Row = Rate & { id: string };
export type Key = SortKeyOf<ExchangeRateOrderBy>;

const schema = yup.object({
  currency: yup
    .string()
    .trim()
    .required('validation.required')
    .matches(/^[A-Za-z]{3}$/, 'exchangeRates.currencyFormat'),
  rateDate: dateRule().required('validation.required'),
  usdPerUnit: yup
    .string()
    .trim()
    .required('validation.required')
    .matches(/^\d{1,10}([.,]\d{1,8})?$/, 'exchangeRates.rateFormat'),
});

/**
 * Exchange rates (DESIGN §4): US dollars per unit of a currency on a date, by currency and date;
 * added and edited here or imported from CSV. Amounts in USD use the latest rate on or before the
 * document's date. Writing needs the admin scope (the database's policy).
 */
export default function ExchangeRatesPage() {
  const { t, i18n } = useTranslation();
  const table = useTableState(RATES_TABLE);
  const { filters } = table.state;
  const [dialog, setDialog] = useState<{ open: boolean; row?: Row }>({ open: false });
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Row>();
  const [failure, setFailure] = useState<unknown>();
  const create = useGraphQLMutation(CreateExchangeRateDocument, ['ExchangeRate']);
  const update = useGraphQLMutation(UpdateExchangeRateDocument, ['ExchangeRate']);
  const remove = useGraphQLMutation(DeleteExchangeRateDocument, ['ExchangeRate']);

  const filter = useMemo(() => ratesFilter(filters), [filters]);
  const list = useListQuery(
    AllExchangeRatesDocument,
    { ...pagingVariables<ExchangeRateOrderBy>(table.state), filter },
    { reads: ['ExchangeRate'] },
    (data) => data.allExchangeRates,
  );
  const rows: Row[] = list.rows.map((row) => ({ ...row, id: `${row.currency}|${row.rateDate}` }));

  const chips = filterChips({
    filters,
    config: RATES_TABLE,
    prefix: 'exchangeRates',
    t,
    language: i18n.language,
    onRemove: table.setFilter,
    labels: {
      currency: 'exchangeRates.currencyChip',
      from: 'exchangeRates.fromChip',
      to: 'exchangeRates.toChip',
    },
  });

  const row = dialog.row;
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t('exchangeRates.title')}
      </Typography>
      <DataTable<Row, Key>
        testId="rates-table"
        columns={rateColumns(i18n.language)}
        {...bindTable(table, { ...list, rows })}
        filters={chips}
        toolbar={
          <>
            <Box sx={{ width: 160 }}>
              <FilterTextField
                fullWidth
                label="exchangeRates.currency"
                hint="table.lists.currencyHint"
                value={filters.currency}
                valid={(value) => /^[A-Za-z]{3}$/.test(value)}
                onApply={(value) => table.setFilter('currency', value.toUpperCase())}
                testId="currency-filter"
              />
            </Box>
            <FilterDateField
              label="exchangeRates.from"
              value={filters.from}
              onApply={(value) => table.setFilter('from', value)}
            />
            <FilterDateField
              label="exchangeRates.to"
              value={filters.to}
              onApply={(value) => table.setFilter('to', value)}
            />
            <Box sx={{ flexGrow: 1 }} />
            <Button
              variant="outlined"
              startIcon={<UploadFile />}
              onClick={() => setImporting(true)}
              data-testid="import"
            >
              {t('exchangeRates.import')}
            </Button>
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setDialog({ open: true })}
              data-testid="add"
            >
              {t('exchangeRates.add')}
            </Button>
          </>
        }
        rowActions={(r) => (
          <>
            <RowIconButton
              aria-label={t('common.edit')}
              onClick={() => setDialog({ open: true, row: r })}
              data-testid="edit"
            >
              <Edit fontSize="small" />
            </RowIconButton>
            <RowIconButton
              aria-label={t('common.delete')}
              onClick={() => setDeleting(r)}
              data-testid="delete"
            >
              <Delete fontSize="small" />
            </RowIconButton>
          </>
        )}
      />
      <FormDialog
        open={dialog.open}
        testId="rate-dialog"
        title={row ? 'exchangeRates.edit' : 'exchangeRates.create'}
        initialValues={{
          currency: row?.currency ?? '',
          rateDate: row?.rateDate ?? '',
          usdPerUnit: row?.usdPerUnit ?? '',
        }}
        schema={schema}
        onClose={() => setDialog({ open: false })}
        onSubmit={(values) => {
          const variables = {
            currency: values.currency.trim().toUpperCase(),
            rateDate: values.rateDate.trim(),
            usdPerUnit: values.usdPerUnit.trim().replace(',', '.'),
          };
          return row
            ? update.mutateAsync({ ...variables, currency: row.currency, rateDate: row.rateDate })
            : create.mutateAsync(variables);
        }}
      >
        <SearchInput
          name="currency"
          kind="currency"
          label="exchangeRates.currency"
          helper="exchangeRates.currencyHelp"
          selected={row ? { value: row.currency, label: row.currency } : null}
          disabled={Boolean(row)}
          required
        />
        <DateInput
          name="rateDate"
          label="exchangeRates.rateDate"
          disabled={Boolean(row)}
          required
        />
        <TextInput
          name="usdPerUnit"
          label="exchangeRates.usdPerUnit"
          helper="exchangeRates.rateHelp"
          required
        />
      </FormDialog>
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('common.delete')}
        text={t('exchangeRates.deleteQuestion', {
          currency: deleting?.currency ?? '',
          date: formatDate(deleting?.rateDate, i18n.language),
        })}
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          const target = deleting;
          setDeleting(undefined);
          if (!target) return;
          try {
            await remove.mutateAsync({ currency: target.currency, rateDate: target.rateDate });
          } catch (error) {
            setFailure(error);
          }
        }}
      />
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
