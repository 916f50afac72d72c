import { Archive, OpenInNew, TaskAlt, Unarchive } from '@mui/icons-material';
import { IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SetBillDeletedDocument, ValidateBillDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import type { BillRow } from './columns.ts';

export function OpenBill({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      component={Link}
      to={`/bills/${id}`}
      aria-label={t('bills.open', { id })}
      data-testid="open-bill"
    >
      <OpenInNew fontSize="small" />
    </IconButton>
  );
}

/** The quick actions of a row the server allows: validate, archive, unarchive (the rest on the
 *  bill's page). */
export function RowActions({
  row,
  onFailure,
}: {
  row: BillRow;
  onFailure: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const changes = ['Bill', 'Cost', 'Payment'] as const;
  const validate = useGraphQLMutation(ValidateBillDocument, changes);
  const setDeleted = useGraphQLMutation(SetBillDeletedDocument, changes);
  const allowed = new Set(row.availableActions ?? []);
  const run = (work: () => Promise<unknown>) => void work().catch(onFailure);
  return (
    <>
      {allowed.has('validate') && (
        <IconButton
          size="small"
          aria-label={t('bills.rowValidate', { id: row.id })}
          onClick={() => run(() => validate.mutateAsync({ billId: row.id }))}
          data-testid="row-validate"
        >
          <TaskAlt fontSize="small" />
        </IconButton>
      )}
      {allowed.has('archive') && (
        <IconButton
          size="small"
          aria-label={t('bills.rowArchive', { id: row.id })}
          onClick={() => run(() => setDeleted.mutateAsync({ billId: row.id, isDeleted: true }))}
          data-testid="row-archive"
        >
          <Archive fontSize="small" />
        </IconButton>
      )}
      {allowed.has('unarchive') && (
        <IconButton
          size="small"
          aria-label={t('bills.rowUnarchive', { id: row.id })}
          onClick={() => run(() => setDeleted.mutateAsync({ billId: row.id, isDeleted: false }))}
          data-testid="row-unarchive"
        >
          <Unarchive fontSize="small" />
        </IconButton>
      )}
    </>
  );
}
