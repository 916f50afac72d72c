import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  FormControl,
  Grid,
  InputLabel,
  LinearProgress,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Paper,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AnalyticsReportDocument, ReportProjectsDocument } from '../../api/generated.ts';
import type { AnalyticsReportQuery } from '../../api/generated.ts';
import { errorMessage } from '../../api/errors.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import type { Column } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/DataTable/ExportButton.tsx';
import { formatMoney } from '../../components/format.ts';
import { CheckMark } from '../../components/form/CheckMark.tsx';
import { MarginChart } from './MarginChart.tsx';
import { PeriodFields, type PeriodValues } from './PeriodFields.tsx';
import { defaultPeriod, formatMonth, parseMonth, periodValid } from './period.ts';
import { formatPercent, ReportTable, type ReportColumn } from './ReportTable.tsx';

type Nodes<K extends keyof AnalyticsReportQuery> = NonNullable<
  NonNullable<NonNullable<AnalyticsReportQuery[K]>['nodes'][number]>
>;
type MonthRow = Nodes<'reportMonths'>;
type ShareRow = Nodes<'reportCostTypes'>;
type ProjectRow = Nodes<'reportProjectsSummary'>;

/** A row of the exported table (by month, then the total). */
interface ExportRow {
  label: string;
  costsUsd: string;
  billsUsd: string;
  marginUsd: string;
  marginPercent: string;
}

const EXPORT_COLUMNS: Column<ExportRow>[] = [
  { field: 'label', header: 'analytics.month' },
  { field: 'costsUsd', header: 'analytics.costs', kind: 'money', currency: 'USD' },
  { field: 'billsUsd', header: 'analytics.bills', kind: 'money', currency: 'USD' },
  { field: 'marginUsd', header: 'analytics.margin', kind: 'money', currency: 'USD' },
  { field: 'marginPercent', header: 'analytics.marginPercent' },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function present<T>(nodes: (T | null)[] | undefined): T[] {
  return (nodes ?? []).filter((node): node is T => node !== null);
}

function Section(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {props.title}
          </Typography>
          {props.action}
        </Box>
        {props.children}
      </CardContent>
    </Card>
  );
}

function Figure(props: { label: string; value: string; testId: string; negative?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 200 }}>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        data-testid={props.testId}
        sx={{
          fontVariantNumeric: 'tabular-nums',
          color: props.negative ? 'error.main' : undefined,
        }}
      >
        {props.value}
      </Typography>
    </Paper>
  );
}

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
    new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-US', {
      month: 'short',
      year: 'numeric',
    }).format(new Date(row.year ?? 2000, (row.month ?? 1) - 1, 1));
  const usd = (value: string | null | undefined) => formatMoney(value ?? '0', language, 'USD');

  const monthColumns: ReportColumn<MonthRow>[] = [
    { key: 'month', header: t('analytics.month'), kind: 'text', value: monthLabel },
    { key: 'costs', header: t('analytics.costsUsd'), kind: 'usd', value: (r) => r.costsUsd },
    { key: 'bills', header: t('analytics.billsUsd'), kind: 'usd', value: (r) => r.billsUsd },
    { key: 'margin', header: t('analytics.marginUsd'), kind: 'usd', value: (r) => r.marginUsd },
    {
      key: 'marginPercent',
      header: t('analytics.marginPercent'),
      kind: 'percent',
      value: (r) => r.marginPercent,
    },
  ];
  const shareColumns = (nameHeader: string): ReportColumn<ShareRow>[] => [
    {
      key: 'name',
      header: nameHeader,
      kind: 'text',
      value: (r) => r.name ?? t('analytics.unassigned'),
    },
    { key: 'costs', header: t('analytics.costsUsd'), kind: 'usd', value: (r) => r.costsUsd },
    { key: 'share', header: t('analytics.share'), kind: 'percent', value: (r) => r.sharePercent },
  ];
  const projectColumns: ReportColumn<ProjectRow>[] = [
    {
      key: 'name',
      header: t('analytics.project'),
      kind: 'text',
      value: (r) => r.name ?? t('analytics.noProject'),
    },
    { key: 'costs', header: t('analytics.costsUsd'), kind: 'usd', value: (r) => r.costsUsd },
    { key: 'bills', header: t('analytics.billsUsd'), kind: 'usd', value: (r) => r.billsUsd },
    { key: 'margin', header: t('analytics.marginUsd'), kind: 'usd', value: (r) => r.marginUsd },
    {
      key: 'marginPercent',
      header: t('analytics.marginPercent'),
      kind: 'percent',
      value: (r) => r.marginPercent,
    },
  ];

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
          <FormControl sx={{ minWidth: 320, flex: 1 }}>
            <InputLabel id="analytics-projects-label" shrink>
              {t('analytics.projects')}
            </InputLabel>
            <Select
              labelId="analytics-projects-label"
              multiple
              displayEmpty
              value={selected}
              onChange={(event) => {
                const value = event.target.value;
                const ids = typeof value === 'string' ? value.split(',') : value;
                update({ projects: ids.length > 0 ? ids.join(',') : undefined });
              }}
              input={<OutlinedInput label={t('analytics.projects')} notched />}
              renderValue={(ids) =>
                ids.length === 0 ? (
                  t('analytics.allProjects')
                ) : (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {ids.map((id) => (
                      <Chip
                        key={id}
                        size="small"
                        label={projectOptions.find((p) => p.id === id)?.name ?? '…'}
                      />
                    ))}
                  </Box>
                )
              }
              data-testid="analytics-projects"
            >
              {projectOptions.map((project) => (
                <MenuItem key={project.id} value={project.id ?? ''}>
                  <CheckMark checked={selected.includes(project.id ?? '')} />
                  <ListItemText primary={project.name} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <PeriodFields
            value={{ from: formatMonth(from), to: formatMonth(to) }}
            onChange={setPeriod}
          />
        </Stack>
      </Paper>
      {report.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {!valid ? null : report.error ? (
        <Alert severity="error">{errorMessage(t, report.error)}</Alert>
      ) : !report.data ? null : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <Figure
              label={t('analytics.costsUsd')}
              value={usd(total?.costsUsd)}
              testId="analytics-total-costs"
            />
            <Figure
              label={t('analytics.billsUsd')}
              value={usd(total?.billsUsd)}
              testId="analytics-total-bills"
            />
            <Figure
              label={t('analytics.marginUsd')}
              value={usd(total?.marginUsd)}
              testId="analytics-total-margin"
              negative={total?.marginUsd?.startsWith('-')}
            />
            <Figure
              label={t('analytics.marginPercent')}
              value={formatPercent(total?.marginPercent, language)}
              testId="analytics-total-margin-percent"
              negative={total?.marginPercent?.startsWith('-')}
            />
          </Stack>
          <Section
            title={t('analytics.byMonth')}
            action={
              <ExportButton
                fileName={`${t('titles.analytics')} ${formatMonth(from)}_${formatMonth(to)}`}
                columns={EXPORT_COLUMNS}
                loadRows={async () => {
                  const rows: ExportRow[] = [...months, ...(total ? [total] : [])].map((row) => ({
                    label: row.isTotal ? t('analytics.total') : monthLabel(row),
                    costsUsd: row.costsUsd ?? '0',
                    billsUsd: row.billsUsd ?? '0',
                    marginUsd: row.marginUsd ?? '0',
                    marginPercent: row.marginPercent ?? '',
                  }));
                  return { rows, more: false };
                }}
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
              columns={monthColumns}
              rows={months}
              total={total}
              rowKey={(row) => `${row.year}-${row.month}`}
            />
          </Section>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Section title={t('analytics.byCostType')}>
                <ReportTable
                  testId="analytics-cost-types"
                  columns={shareColumns(t('analytics.costType'))}
                  rows={present(report.data.reportCostTypes?.nodes)}
                  rowKey={(row, index) => row.id ?? `none-${index}`}
                />
              </Section>
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Section title={t('analytics.bySupplier')}>
                <ReportTable
                  testId="analytics-suppliers"
                  columns={shareColumns(t('analytics.supplier'))}
                  rows={present(report.data.reportSuppliers?.nodes)}
                  rowKey={(row, index) => row.id ?? `none-${index}`}
                />
              </Section>
            </Grid>
          </Grid>
          <Section title={t('analytics.byProject')}>
            <ReportTable
              testId="analytics-projects-summary"
              columns={projectColumns}
              rows={present(report.data.reportProjectsSummary?.nodes)}
              rowKey={(row, index) => row.id ?? `none-${index}`}
            />
          </Section>
        </Stack>
      )}
    </Box>
  );
}
