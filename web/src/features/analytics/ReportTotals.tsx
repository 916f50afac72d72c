import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../components/format.ts';
import type { MonthRow } from './report-columns.ts';
import { ReportFigure } from './ReportSection.tsx';
import { formatPercent } from './ReportTable.tsx';

/** The period's totals in USD: costs, bills, margin and margin %. */
export function ReportTotals({ total }: { total: MonthRow | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const usd = (value: string | null | undefined) => formatMoney(value ?? '0', language, 'USD');
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
      <ReportFigure
        label={t('analytics.costsUsd')}
        value={usd(total?.costsUsd)}
        testId="analytics-total-costs"
      />
      <ReportFigure
        label={t('analytics.billsUsd')}
        value={usd(total?.billsUsd)}
        testId="analytics-total-bills"
      />
      <ReportFigure
        label={t('analytics.marginUsd')}
        value={usd(total?.marginUsd)}
        testId="analytics-total-margin"
        negative={total?.marginUsd?.startsWith('-')}
      />
      <ReportFigure
        label={t('analytics.marginPercent')}
        value={formatPercent(total?.marginPercent, language)}
        testId="analytics-total-margin-percent"
        negative={total?.marginPercent?.startsWith('-')}
      />
    </Stack>
  );
}
