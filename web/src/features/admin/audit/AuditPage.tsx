import { OpenInNew } from '@mui/icons-material';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { FilterDateField, FilterTextField } from '../../../components/DataTable/filter-fields.tsx';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { AuditLogDocument } from '../../../api/generated.ts';
import { useListQuery } from '../../../api/hooks.ts';
import { api } from '../../../app/services.ts';
import {
  DataTable,
  type Column,
  type FilterChip,
} from '../../../components/DataTable/DataTable.tsx';
import { bindTable } from '../../../components/DataTable/bind-table.ts';
import { ExportButton, connectionPage, mapPage } from '../../../components/export/index.ts';
import { useTableState, type RecordRef } from '../../../components/DataTable/table-state.ts';
import { SearchInput } from '../../../components/form/SearchInput.tsx';
import { formatDate, formatDateTime } from '../../../components/format.ts';
import { describeEntry, recordPath } from '../../../components/history/history-format.ts';
import { AUDIT_COLUMNS, type AuditNode, type AuditRow } from './columns.ts';
import {
  AUDIT_ACTIONS,
  AUDIT_KINDS,
  AUDIT_TABLE,
  auditVariables,
  type AuditSortKey,
} from './audit-filters.ts';
import { RowIconLink } from '../../../components/DataTable/row-icon-button.tsx';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const option = (ref: RecordRef | null) => (ref ? { value: ref.id, label: ref.label } : null);

/**
 * The audit log (issue 27): every audited change across the group, newest first, filtered by
 * user, record kind, record id, action, subsidiary and dates (all in the URL), paged on the
 * server, exported as XLSX or CSV; each row links to its record.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const table = useTableState(AUDIT_TABLE);
  const { filters } = table.state;
  const variables = auditVariables(table.state);
  const data = useListQuery(
    AuditLogDocument,
    variables,
    { reads: ['Invoice', 'Bill', 'Cost', 'Document', 'Payment', 'File'] },
    (result) => result.allAuditTrails,
  );
  const readable = (node: AuditNode): AuditRow => {
    const described = describeEntry(t, lang, node);
    return {
      ...node,
      when: formatDateTime(node.createdAt, lang),
      who: node.userName ?? t('history.system'),
      kind: capitalized(t(`history.kinds.${node.tableName}`, { defaultValue: node.tableName })),
      what: described.title,
      details: described.changes.map((change) => t('history.change', { ...change })).join('; '),
    };
  };
  const rows = data.rows.map(readable);

  const columns = AUDIT_COLUMNS;
  const loadPage = async (first: number, after: string | null) => {
    const result = await api.request(AuditLogDocument, { ...variables, first, offset: 0, after });
    return mapPage(connectionPage(result.allAuditTrails), (node) => readable(node as AuditNode));
  };

  const chips: FilterChip[] = [];
  if (filters.user)
    chips.push({
      id: 'user',
      label: `${t('audit.filters.user')}: ${filters.user.label}`,
      onRemove: () => table.setFilter('user', null),
    });
  if (filters.subsidiary)
    chips.push({
      id: 'subsidiary',
      label: `${t('audit.filters.subsidiary')}: ${filters.subsidiary.label}`,
      onRemove: () => table.setFilter('subsidiary', null),
    });
  if (filters.kind)
    chips.push({
      id: 'kind',
      label: `${t('audit.filters.kind')}: ${t(`history.kinds.${filters.kind}`)}`,
      onRemove: () => table.setFilter('kind', ''),
    });
  if (filters.record)
    chips.push({
      id: 'record',
      label: `${t('audit.filters.record')}: ${filters.record}`,
      onRemove: () => table.setFilter('record', ''),
    });
  if (filters.action)
    chips.push({
      id: 'action',
      label: `${t('audit.filters.action')}: ${t(`audit.actions.${filters.action}`)}`,
      onRemove: () => table.setFilter('action', ''),
    });
  for (const key of ['from', 'to'] as const) {
    const value = filters[key];
    if (value)
      chips.push({
        id: key,
        label: `${t(`audit.filters.${key}`)}: ${formatDate(value, lang)}`,
        onRemove: () => table.setFilter(key, null),
      });
  }

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" data-testid="page-title">
          {t('titles.audit')}
        </Typography>
      </Stack>
      <Formik
        initialValues={{ user: filters.user?.id ?? '', subsidiary: filters.subsidiary?.id ?? '' }}
        enableReinitialize
        onSubmit={() => {}}
      >
        <Form>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              gap: 2,
              mb: 2,
            }}
            data-testid="audit-filters"
          >
            <SearchInput
              name="user"
              kind="user"
              label="audit.filters.user"
              selected={option(filters.user)}
              onChosen={(chosen) =>
                table.setFilter('user', chosen ? { id: chosen.value, label: chosen.label } : null)
              }
            />
            <TextField
              select
              size="small"
              label={t('audit.filters.kind')}
              value={filters.kind}
              onChange={(e) => table.setFilter('kind', e.target.value)}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'filter-kind' } as object },
              }}
            >
              <MenuItem value="">{t('audit.filters.any')}</MenuItem>
              {AUDIT_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(`history.kinds.${kind}`)}
                </MenuItem>
              ))}
            </TextField>
            <FilterTextField
              label="audit.filters.record"
              hint="table.lists.searchHint"
              value={filters.record}
              onApply={(v) => table.setFilter('record', v)}
              testId="filter-record"
            />
            <TextField
              select
              size="small"
              label={t('audit.filters.action')}
              value={filters.action}
              onChange={(e) => table.setFilter('action', e.target.value)}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'filter-action' } as object },
              }}
            >
              <MenuItem value="">{t('audit.filters.any')}</MenuItem>
              {AUDIT_ACTIONS.map((action) => (
                <MenuItem key={action} value={action}>
                  {t(`audit.actions.${action}`)}
                </MenuItem>
              ))}
            </TextField>
            <SearchInput
              name="subsidiary"
              kind="subsidiary"
              label="audit.filters.subsidiary"
              selected={option(filters.subsidiary)}
              onChosen={(chosen) =>
                table.setFilter(
                  'subsidiary',
                  chosen ? { id: chosen.value, label: chosen.label } : null,
                )
              }
            />
            {(['from', 'to'] as const).map((key) => (
              <FilterDateField
                key={key}
                label={`audit.filters.${key}`}
                value={filters[key]}
                onApply={(value) => table.setFilter(key, value)}
              />
            ))}
          </Box>
        </Form>
      </Formik>
      <DataTable<AuditRow, AuditSortKey>
        testId="audit-table"
        columns={columns}
        {...bindTable(table, { ...data, rows })}
        filters={chips}
        emptyText={t('audit.empty')}
        pinActions
        toolbar={
          <>
            <Box sx={{ flexGrow: 1 }} />
            <ExportButton
              title={t('titles.audit')}
              columns={columns as Column<AuditRow>[]}
              loadPage={loadPage}
              disabled={data.totalCount === 0}
            />
          </>
        }
        rowActions={(row) => {
          const to = recordPath(row.tableName, row.recordId, row.rowData);
          return to ? (
            <RowIconLink
              to={to}
              aria-label={t('audit.open', { kind: row.kind, id: row.recordId })}
              data-testid="open"
            >
              <OpenInNew fontSize="small" />
            </RowIconLink>
          ) : null;
        }}
      />
    </Box>
  );
}
