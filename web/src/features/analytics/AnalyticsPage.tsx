import { Alert, Box, Grid, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AnalyticsReportDocument, ReportProjectsDocument } from '../../api/generated.ts';
import { errorMessage } from '../../api/errors.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { ExportButton } from '../../components/export/index.ts';
import { MarginChart } from './MarginChart.tsx';
import { PeriodFields, type PeriodValues } from './PeriodFields.tsx';
import { defaultPeriod, formatMonth, parseMonth, periodValid } from './period.ts';
import { ProjectPicker } from './ProjectPicker.tsx';
import {
  EXPORT_COLUMNS,
  monthColumns,
  present,
  projectColumns,
  shareColumns,
  type ExportRow,
  type MonthRow,
} from './report-columns.ts';
import { ReportSection } from './ReportSection.tsx';
import { ReportTable } from './ReportTable.tsx';
import { ReportTotals } from './ReportTotals.tsx';
import { dateFormat } from '../../components/format.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Per-project analytics (issue 16): projects and a period range in the URL, then by month in USD
 * the approved costs, the bills and the margin, as a chart and a table with totals; costs by cost
 * type and by supplier; the projects sorted by margin. Every sum comes from SQL.
 */
export default function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => new Date(), []);
  const defaults = defaultPeriod(today);
  const from = parseMonth(params.get('from')) ?? defaults.from;
  const to = parseMonth(params.get('to')) ?? defaults.to;
  const selected = (params.get('projects') ?? '').split(',').filter((id) => UUID.test(id));
  const valid = periodValid(from, to);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  };
  const setPeriod = useCallback(
    (values: PeriodValues) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('from', values.from);
        next.set('to', values.to);
        return next;
      });
    },
    [setParams],
  );

  const projects = useGraphQLQuery(ReportProjectsDocument, {}, { reads: ['Project'] });
  const projectOptions = present(projects.data?.reportProjects?.nodes);
  const report = useGraphQLQuery(
    AnalyticsReportDocument,
    {
      projectIds: selected.length > 0 ? selected : null,
      startYear: from.year,
      startMonth: from.month,
      endYear: to.year,
      endMonth: to.month,
    },
    { reads: ['Cost', 'Bill', 'Invoice', 'Project', 'CostType', 'Company'] },
    { enabled: valid },
  );
  const monthRows = present(report.data?.reportMonths?.nodes);
  const months = monthRows.filter((row) => !row.isTotal);
  const total = monthRows.find((row) => row.isTotal);
  const monthLabel = (row: MonthRow) =>
    dateFormat(language, { month: 'short', year: 'numeric' }).format(
      new Date(row.year ?? 2000, (row.month ?? 1) - 1, 1),
    );

  return (
    <Box sx={{ p: 3, maxWidth: 1400 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('titles.analytics')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
        >
          <ProjectPicker
            options={projectOptions}
            selected={selected}
            onChange={(ids) => update({ projects: ids.length > 0 ? ids.join(',') : undefined })}
          />
          <PeriodFields
            value={{ from: formatMonth(from), to: formatMonth(to) }}
            onChange={setPeriod}
          />
        </Stack>
      </Paper>
      {report.isFetching && <LinearProgress sx={{ mb: 1 }} aria-label={t('table.loading')} />}
      {!valid ? null : report.error ? (
        <Alert severity="error">{errorMessage(t, report.error)}</Alert>
      ) : !report.data ? null : (
        <Stack spacing={2}>
          <ReportTotals total={total} />
          <ReportSection
            title={t('analytics.byMonth')}
            action={
              <ExportButton
                title={`${t('titles.analytics')} ${formatMonth(from)}–${formatMonth(to)}`}
                columns={EXPORT_COLUMNS}
                rows={[...months, ...(total ? [total] : [])].map((row): ExportRow => ({
                  label: row.isTotal ? t('table.total') : monthLabel(row),
                  costsUsd: row.costsUsd ?? '0',
                  billsUsd: row.billsUsd ?? '0',
                  marginUsd: row.marginUsd ?? '0',
                  marginPercent: row.marginPercent ?? '',
                }))}
              />
            }
          >
            <MarginChart
              months={months.map((row) => ({
                label: monthLabel(row),
                costsUsd: row.costsUsd ?? '0',
                billsUsd: row.billsUsd ?? '0',
                marginUsd: row.marginUsd ?? '0',
              }))}
            />
            <ReportTable
              testId="analytics-months"
              columns={monthColumns(t, monthLabel)}
              rows={months}
              total={total}
              rowKey={(row) => `${row.year}-${row.month}`}
            />
          </ReportSection>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ReportSection title={t('analytics.byCostType')}>
                <ReportTable
                  testId="analytics-cost-types"
                  columns={shareColumns(t, t('resources.cost_types.name'))}
                  rows={present(report.data.reportCostTypes?.nodes)}
                  rowKey={(row, index) => row.id ?? `none-${index}`}
                />
              </ReportSection>
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <ReportSection title={t('analytics.bySupplier')}>
                <ReportTable
                  testId="analytics-suppliers"
                  columns={shareColumns(t, t('resources.suppliers.name'))}
                  rows={present(report.data.reportSuppliers?.nodes)}
                  rowKey={(row, index) => row.id ?? `none-${index}`}
                />
              </ReportSection>
            </Grid>
          </Grid>
          <ReportSection title={t('analytics.byProject')}>
            <ReportTable
              testId="analytics-projects-summary"
              columns={projectColumns(t)}
              rows={present(report.data.reportProjectsSummary?.nodes)}
              rowKey={(row, index) => row.id ?? `none-${index}`}
            />
          </ReportSection>
        </Stack>
      )}
    </Box>
  );
}
