import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format.ts';
import type { InvoiceDetails } from './invoice-types.ts';

type Change = { old?: unknown; new?: unknown };

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** The audit feed of the invoice, newest first: who changed what, before and after. */
export function InvoiceHistory(props: { invoice: InvoiceDetails }) {
  const { t, i18n } = useTranslation();
  const entries = props.invoice.feeds.nodes.flatMap((entry) => (entry ? [entry] : []));
  if (entries.length === 0)
    return <Typography color="text.secondary">{t('invoices.history.none')}</Typography>;
  return (
    <List dense data-testid="invoice-history">
      {entries.map((entry) => {
        const changes = Object.entries((entry.changes ?? {}) as Record<string, Change>).filter(
          ([column]) => column !== 'updated_at' && column !== 'project_ids',
        );
        return (
          <ListItem key={entry.id} disableGutters divider>
            <ListItemText
              primary={t('invoices.history.entry', {
                when: formatDateTime(entry.createdAt, i18n.language),
                who: entry.user?.displayName ?? t('invoices.history.system'),
                action: t(`invoices.history.actions.${entry.action}`, {
                  defaultValue: entry.action,
                }),
              })}
              secondary={
                changes.length > 0
                  ? changes
                      .map(([column, change]) =>
                        t('invoices.history.change', {
                          field: t(`invoices.history.fields.${column}`, { defaultValue: column }),
                          before: shown(change.old),
                          after: shown(change.new),
                        }),
                      )
                      .join('; ')
                  : undefined
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
