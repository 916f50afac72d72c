import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../components/format.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ExportButton } from '../../components/export/index.ts';
import { DropZoneSample, FormFieldsSample } from './FormFieldsSample.tsx';

interface SampleRow {
  id: number;
  name: string;
  amount: string;
  currency: string;
  amountUsd: string;
  status: string;
}

// Sample records for showing the kit; nothing here reaches the server.
const ROWS: SampleRow[] = [
  {
    id: 1,
    name: 'FV/2026/0001',
    amount: '1234567.89',
    currency: 'EUR',
    amountUsd: '1340000.10',
    status: 'validated',
  },
  {
    id: 2,
    name: 'INV-2026-0002',
    amount: '0.10',
    currency: 'GBP',
    amountUsd: '0.13',
    status: 'draft',
  },
  {
    id: 3,
    name: 'INV-2026-0003',
    amount: '-60.00',
    currency: 'RUB',
    amountUsd: '-0.66',
    status: 'rejected',
  },
  {
    id: 4,
    name: 'INV-2026-0004',
    amount: '999.99',
    currency: 'USD',
    amountUsd: '999.99',
    status: 'paid',
  },
];

const COLUMNS: Column<SampleRow>[] = [
  { field: 'name', header: 'testGrounds.record', kind: 'text' },
  {
    field: 'amount',
    header: 'resources.fields.amount',
    kind: 'money',
    currency: (row) => row.currency,
  },
  { field: 'amountUsd', header: 'resources.fields.amount_usd', kind: 'money', currency: 'USD' },
  { field: 'status', header: 'resources.fields.status', kind: 'status' },
];

function Table(props: { state: 'rows' | 'loading' | 'empty' | 'error' }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  return (
    <DataTable<SampleRow>
      testId={`table-${props.state}`}
      columns={COLUMNS}
      rows={props.state === 'rows' ? ROWS : []}
      totalCount={props.state === 'rows' ? ROWS.length : 0}
      loading={props.state === 'loading'}
      error={props.state === 'error' ? new ApiError('network', 'NetworkError', '') : undefined}
      page={page}
      pageSize={10}
      onPageChange={setPage}
      onPageSizeChange={() => {}}
      sort={undefined}
      onSortChange={() => {}}
      summary={{ amount: 'amount', total: 'amount' }}
      toolbar={
        <ExportButton
          title={t('titles.testGrounds')}
          columns={COLUMNS}
          rows={ROWS}
          disabled={props.state !== 'rows'}
        />
      }
    />
  );
}

/**
 * The component gallery (SPEC §2 "test grounds"): the kit's parts in their states, in the current
 * language. Built only with VITE_TEST_GROUNDS=on (web/src/app/modules.ts).
 */
export default function TestGroundsPage() {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<'form' | 'confirm'>();
  const [date, setDate] = useState<Date | null>(new Date(2026, 0, 31));
  const language = i18n.language;
  const section = (title: string) => (
    <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
      {t(title)}
    </Typography>
  );
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" data-testid="page-title">
        {t('titles.testGrounds')}
      </Typography>
      {section('testGrounds.tables')}
      <Stack spacing={2}>
        {(['rows', 'loading', 'empty', 'error'] as const).map((state) => (
          <Box key={state}>
            <Typography variant="subtitle2">{t(`testGrounds.state.${state}`)}</Typography>
            <Table state={state} />
          </Box>
        ))}
      </Stack>
      {section('testGrounds.formatting')}
      <Paper sx={{ p: 2 }} data-testid="formatting">
        <Typography>{formatMoney('1234567.89', language, 'EUR')}</Typography>
        <Typography>{formatMoney('-0.10', language, 'USD')}</Typography>
        <Typography>{formatDate('2026-01-31', language)}</Typography>
        <Typography>{formatDateTime('2026-01-31T09:30:00Z', language)}</Typography>
      </Paper>
      {section('testGrounds.fields')}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <PasswordField label={t('login.password')} name="sample-password" />
        <PasswordField label={t('login.password')} name="sample-password-disabled" disabled />
        <DatePicker label={t('testGrounds.date')} value={date} onChange={setDate} />
        <DatePicker
          label={t('analytics.month')}
          views={['year', 'month']}
          value={date}
          onChange={setDate}
        />
        <LanguageSwitch />
      </Stack>
      {section('testGrounds.formFields')}
      <Stack spacing={2}>
        <FormFieldsSample />
        <Typography variant="subtitle2">{t('testGrounds.state.disabled')}</Typography>
        <FormFieldsSample disabled />
      </Stack>
      {section('testGrounds.dropZone')}
      <DropZoneSample />
      {section('testGrounds.dialogs')}
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={() => setDialog('form')}>
          {t('testGrounds.openForm')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('confirm')}>
          {t('testGrounds.openConfirm')}
        </Button>
      </Stack>
      <FormDialog
        open={dialog === 'form'}
        testId="sample-dialog"
        title="testGrounds.openForm"
        fields={[{ name: 'name', label: 'testGrounds.record' }]}
        initialValues={{ name: '' }}
        schema={yup.object({ name: yup.string().trim().required('validation.required') })}
        onSubmit={async () => {}}
        onClose={() => setDialog(undefined)}
      />
      <ConfirmDialog
        open={dialog === 'confirm'}
        title={t('common.delete')}
        text={t('testGrounds.confirmText')}
        onClose={() => setDialog(undefined)}
        onConfirm={() => setDialog(undefined)}
      />
    </Box>
  );
}
