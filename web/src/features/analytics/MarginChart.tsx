import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxis } from '@mui/x-charts/ChartsAxis';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { useTheme } from '@mui/material';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { formatMoney, numberFormat } from '../../components/format.ts';

export interface ChartMonth {
  label: string;
  costsUsd: string;
  billsUsd: string;
  marginUsd: string;
}

/**
 * Costs and bills as bars, the margin as a line, by month. The bars' heights need numbers; every
 * figure shown (tooltip) is the exact string from SQL, formatted.
 */
export function MarginChart({ months }: { months: ChartMonth[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const height = (value: string) => new Decimal(value).toNumber();
  const shown = (field: 'costsUsd' | 'billsUsd' | 'marginUsd') => {
    const formatter = (_value: number | null, context: { dataIndex: number }) =>
      formatMoney(months[context.dataIndex]?.[field], i18n.language, 'USD');
    return formatter;
  };
  const axisNumber = numberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <ChartsDataProvider
      height={340}
      series={[
        {
          type: 'bar',
          id: 'costs',
          label: t('titles.costs'),
          data: months.map((m) => height(m.costsUsd)),
          color: theme.palette.warning.main,
          valueFormatter: shown('costsUsd'),
        },
        {
          type: 'bar',
          id: 'bills',
          label: t('analytics.bills'),
          data: months.map((m) => height(m.billsUsd)),
          color: theme.palette.primary.main,
          valueFormatter: shown('billsUsd'),
        },
        {
          type: 'line',
          id: 'margin',
          label: t('analytics.margin'),
          data: months.map((m) => height(m.marginUsd)),
          color: theme.palette.success.dark,
          curve: 'linear',
          valueFormatter: shown('marginUsd'),
        },
      ]}
      xAxis={[{ id: 'months', scaleType: 'band', data: months.map((m) => m.label) }]}
      yAxis={[
        { id: 'usd', valueFormatter: (value: number) => axisNumber.format(value), width: 60 },
      ]}
    >
      <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'center' }}>
        <ChartsLegend />
        <ChartsSurface aria-label={t('analytics.chartLabel')}>
          <ChartsGrid horizontal />
          <BarPlot />
          <LinePlot />
          <MarkPlot />
          <ChartsAxisHighlight x="band" />
          <ChartsAxis />
        </ChartsSurface>
        <ChartsTooltip trigger="axis" />
      </ChartsWrapper>
    </ChartsDataProvider>
  );
}
