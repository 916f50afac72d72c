import type { TFunction } from 'i18next';
import type { AnalyticsReportQuery } from '../../api/generated.ts';
import type { Column } from '../../components/DataTable/DataTable.tsx';
import type { ReportColumn } from './ReportTable.tsx';

type Nodes<K extends keyof AnalyticsReportQuery> = NonNullable<
  NonNullable<NonNullable<AnalyticsReportQuery[K]>['nodes'][number]>
>;
export type MonthRow = Nodes<'reportMonths'>;
export type ShareRow = Nodes<'reportCostTypes'>;
export type ProjectRow = Nodes<'reportProjectsSummary'>;

/** A row of the exported table (by month, then the total). */
export interface ExportRow {
  label: string;
  costsUsd: string;
  billsUsd: string;
  marginUsd: string;
  marginPercent: string;
}

export const EXPORT_COLUMNS: Column<ExportRow>[] = [
  { field: 'label', header: 'analytics.month' },
  { field: 'costsUsd', header: 'titles.costs', kind: 'money', currency: 'USD' },
  { field: 'billsUsd', header: 'analytics.bills', kind: 'money', currency: 'USD' },
  { field: 'marginUsd', header: 'analytics.margin', kind: 'money', currency: 'USD' },
  { field: 'marginPercent', header: 'analytics.marginPercent' },
];

/** The present rows of a connection's nodes. */
export function present<T>(nodes: (T | null)[] | undefined): T[] {
  return (nodes ?? []).filter((node): node is T => node !== null);
}

/** Columns of the table by month: the month, costs, bills, margin and margin %. */
export function monthColumns(
  t: TFunction,
  monthLabel: (row: MonthRow) => string,
): ReportColumn<MonthRow>[] {
  return [
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
}

/** Columns of a breakdown of costs (by cost type, by supplier): the name, costs and share. */
export function shareColumns(t: TFunction, nameHeader: string): ReportColumn<ShareRow>[] {
  return [
    {
      key: 'name',
      header: nameHeader,
      kind: 'text',
      value: (r) => r.name ?? t('analytics.unassigned'),
    },
    { key: 'costs', header: t('analytics.costsUsd'), kind: 'usd', value: (r) => r.costsUsd },
    { key: 'share', header: t('analytics.share'), kind: 'percent', value: (r) => r.sharePercent },
  ];
}

/** Columns of the projects table: the project, costs, bills, margin and margin %. */
export function projectColumns(t: TFunction): ReportColumn<ProjectRow>[] {
  return [
    {
      key: 'name',
      header: t('resources.projects.name'),
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
}
