// A reference table's delete: the confirmation, the records that keep a refused delete, and
// what a delete, archive or restore did.
import { Alert, Box, Button, Link, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../api/errors.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export function ConfirmDelete(props: {
  name: string;
  question: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      title={t('common.delete')}
      text={t(props.question, { name: props.name })}
      onClose={props.onClose}
      onConfirm={props.onConfirm}
    />
  );
}

/** The records that keep a row from being deleted, each linked to its page where it has one. */
export function DependentLinks(props: { error: unknown }) {
  const rows =
    props.error instanceof ApiError
      ? (props.error.details.dependentRows as DependentRow[] | undefined)
      : undefined;
  if (!rows?.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }} data-testid="dependent-rows">
      {rows.map((row) => {
        const href = dependentHref(row);
        return (
          <li key={`${row.tableName}-${row.id}`}>
            {href ? (
              <Link component={RouterLink} to={href} color="inherit">
                {row.label}
              </Link>
            ) : (
              row.label
            )}
          </li>
        );
      })}
    </Box>
  );
}

export interface DependentRow {
  tableName: string;
  id: string;
  label: string;
}

/** Where a dependent record is shown (none for tables without a page of their own). */
function dependentHref(row: DependentRow): string | undefined {
  const pages: Record<string, string> = {
    documents: `/documents/${row.id}`,
    invoices: `/invoices/${row.id}`,
    bills: `/bills/${row.id}`,
    costs: `/redirect-to-invoice/cost/${row.id}`,
  };
  return pages[row.tableName];
}

/**
 * The reference table's toasts: a refusal (of a delete: "cannot delete" with the records that
 * keep it, and "archive instead" where rows can be archived), or what an action did.
 */
export function ReferenceNotices<Row extends { isArchived?: boolean }>(props: {
  failure: { error: unknown; row?: Row } | undefined;
  done: string | undefined;
  onArchiveInstead?: (row: Row) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { failure } = props;
  const refused = failure?.row;
  return (
    <>
      <Snackbar
        open={failure !== undefined}
        autoHideDuration={refused ? null : 8000}
        onClose={(_event, reason) => reason !== 'clickaway' && props.onClose()}
      >
        <Alert
          severity="error"
          onClose={props.onClose}
          data-testid="delete-error"
          action={
            refused && props.onArchiveInstead && !refused.isArchived ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => props.onArchiveInstead?.(refused)}
                data-testid="archive-instead"
              >
                {t('archive.archiveInstead')}
              </Button>
            ) : undefined
          }
        >
          {refused ? `${t('errors.cannotDelete')}: ` : ''}
          {errorMessage(t, failure?.error)}
          <DependentLinks error={failure?.error} />
        </Alert>
      </Snackbar>
      <Snackbar
        open={failure === undefined && props.done !== undefined}
        autoHideDuration={6000}
        onClose={(_event, reason) => reason !== 'clickaway' && props.onClose()}
      >
        <Alert severity="success" onClose={props.onClose} data-testid="reference-done">
          {props.done}
        </Alert>
      </Snackbar>
    </>
  );
}
