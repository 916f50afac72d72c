import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CheckExchangeRatesDocument, ImportExchangeRatesDocument } from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { api } from '../../../app/services.ts';
import { ImportPreviewDialog } from '../../../components/ImportPreviewDialog.tsx';
import { parseRatesCsv, type RateRow } from './csv.ts';

/**
 * Import from CSV: the file's rows with the problems the database finds in each, then all rows
 * written at once, or none (import_exchange_rates).
 */
export function ImportDialog(props: { onClose: () => void }) {
  const { t } = useTranslation();
  const apply = useGraphQLMutation(ImportExchangeRatesDocument, ['ExchangeRate']);
  return (
    <ImportPreviewDialog<RateRow>
      title={t('exchangeRates.importTitle')}
      help={<Typography color="text.secondary">{t('exchangeRates.importHelp')}</Typography>}
      accept=".csv,text/csv,text/plain"
      columns={[
        { header: t('exchangeRates.currency'), value: (row) => row.currency },
        { header: t('exchangeRates.rateDate'), value: (row) => row.rateDate },
        { header: t('exchangeRates.usdPerUnit'), value: (row) => row.usdPerUnit, align: 'right' },
      ]}
      read={async (file) => parseRatesCsv(await file.text())}
      check={async (rows) => {
        const checked = await api.request(CheckExchangeRatesDocument, { rows });
        return (checked.checkExchangeRates?.nodes ?? []).flatMap((p) =>
          p?.line && p.code ? [{ line: p.line, text: t(`exchangeRates.problem.${p.code}`) }] : [],
        );
      }}
      apply={async (rows) => (await apply.mutateAsync({ rows })).importExchangeRates?.result ?? 0}
      summary={(count, bad) =>
        bad
          ? t('exchangeRates.rowsWithErrors', { count, bad })
          : t('exchangeRates.rowsReady', { count })
      }
      imported={(count) => t('exchangeRates.imported', { count })}
      chooseLabel="exchangeRates.chooseFile"
      applyLabel="exchangeRates.apply"
      testIds={{
        dialog: 'rates-import',
        file: 'rates-file',
        summary: 'rates-summary',
        apply: 'rates-apply',
      }}
      onClose={props.onClose}
    />
  );
}
