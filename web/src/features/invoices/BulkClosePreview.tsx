import {
  Alert,
  Box,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { isValid, parse } from 'date-fns';
import Decimal from 'decimal.js';
import { useFormikContext } from 'formik';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import {
  CloseInvoicesAsPaidPreviewDocument,
  type CloseInvoicesAsPaidPreviewMutation,
  type PaymentMethod,
} from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { formatMoney } from '../../components/format.ts';
import { dayStart } from '../../components/PaymentDialog.tsx';
import { totalsByCurrency } from './close-totals.ts';

type PreviewRow = NonNullable<
  NonNullable<CloseInvoicesAsPaidPreviewMutation['closeInvoicesAsPaidPreview']>['result']
>[number];

/** The close dialog's form: the final payment's method and date. */
export interface CloseValues {
  method: string;
  date: string;
}

/** The preview table for the form's method and date; tells its child whether closing may run. */
export function Preview(props: {
  ids: number[];
  /** The last refusal of the close itself, if any. */
  failure: unknown;
  children: (ready: boolean) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { values } = useFormikContext<CloseValues>();
  const day = parse(values.date, 'yyyy-MM-dd', new Date());
  const dateOk = isValid(day);
  const query = useGraphQLQuery(
    CloseInvoicesAsPaidPreviewDocument,
    {
      ids: props.ids,
      finalPaymentMethod: values.method as PaymentMethod,
      finalPaymentDate: dateOk ? dayStart(values.date) : null,
    },
    { reads: ['Invoice', 'Cost', 'Payment'] },
    { enabled: dateOk, placeholderData: keepPreviousData },
  );
  // A close refused after the preview (the invoices changed meanwhile): ask again, so the table
  // names the invoice that refuses now.
  const { refetch } = query;
  useEffect(() => {
    if (props.failure !== undefined) void refetch();
  }, [props.failure, refetch]);
  const rows = (query.data?.closeInvoicesAsPaidPreview?.result ?? []).filter(
    (row): row is NonNullable<PreviewRow> => row !== null,
  );
  const refused = rows.filter((row) => row.refusalCode);
  const money = (value: string | null | undefined, currency: string | null | undefined) =>
    formatMoney(value ?? '0', i18n.language, currency ?? undefined);
  // A refusal for the state says which state and what closing needs.
  const reason = (row: NonNullable<PreviewRow>) =>
    row.refusalCode === 'CannotChangeStatus' && row.status
      ? t(row.isDeleted ? 'bulkClose.archived' : 'bulkClose.notValidated', {
          status: t(`statuses.${row.status}`),
        })
      : t(`errors.codes.${row.refusalCode}`, { defaultValue: row.refusalMessage ?? '' });
  const name = (row: NonNullable<PreviewRow>) =>
    t('bulkClose.invoiceName', { number: row.invoiceRef ?? '—', id: row.invoiceId });
  const totals = totalsByCurrency(
    rows
      .filter((row) => !row.refusalCode)
      .map((row) => ({ currency: row.currency ?? '', amount: row.finalPayment ?? '0' })),
  );
  const right = {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  } as const;
  const footer = { color: 'text.primary', fontSize: '0.875rem', fontWeight: 600 } as const;
  return (
    <>
      {query.error ? (
        <Alert severity="error">{errorMessage(t, query.error)}</Alert>
      ) : !query.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('table.loading')} />
        </Box>
      ) : (
        <>
          {refused.length > 0 && (
            <Alert severity="error" data-testid="close-refusals">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('bulkClose.refused', { count: refused.length })}
              </Typography>
              {refused.map((row) => (
                <Typography key={row.invoiceId} variant="body2">
                  {name(row)}: {reason(row)}
                </Typography>
              ))}
            </Alert>
          )}
          {props.failure !== undefined && refused.length === 0 && (
            <Alert severity="info">{t('bulkClose.changedMeanwhile')}</Alert>
          )}
          <Table size="small" data-testid="close-preview">
            <TableHead>
              <TableRow>
                <TableCell>{t('bulkClose.columns.invoice')}</TableCell>
                <TableCell sx={right}>{t('bulkClose.columns.total')}</TableCell>
                <TableCell sx={right}>{t('bulkClose.columns.finalPayment')}</TableCell>
                <TableCell>{t('bulkClose.columns.outcome')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.invoiceId} data-testid={`close-preview-${row.invoiceId}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{name(row)}</TableCell>
                  <TableCell sx={right}>{money(row.amountWVat, row.currency)}</TableCell>
                  <TableCell sx={right}>
                    {row.refusalCode ? '—' : money(row.finalPayment, row.currency)}
                  </TableCell>
                  <TableCell>
                    {row.refusalCode ? (
                      <Typography variant="body2" color="error">
                        {reason(row)}
                      </Typography>
                    ) : new Decimal(row.finalPayment ?? '0').gt(0) ? (
                      t('bulkClose.willPay')
                    ) : (
                      t('bulkClose.alreadyPaid')
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              {totals.map((total) => (
                <TableRow key={total.currency} data-testid={`close-total-${total.currency}`}>
                  <TableCell colSpan={2} sx={footer}>
                    {t('bulkClose.total', { currency: total.currency })}
                  </TableCell>
                  <TableCell sx={{ ...right, ...footer }}>
                    {money(total.total, total.currency)}
                  </TableCell>
                  <TableCell />
                </TableRow>
              ))}
            </TableFooter>
          </Table>
        </>
      )}
      {props.children(Boolean(query.data) && !query.isFetching && refused.length === 0)}
    </>
  );
}
