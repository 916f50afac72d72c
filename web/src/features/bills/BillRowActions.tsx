import { Archive, OpenInNew, TaskAlt, Unarchive } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import { SetBillDeletedDocument, ValidateBillDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import type { BillRow } from './columns.ts';
import { RowIconButton, RowIconLink } from '../../components/DataTable/row-icon-button.tsx';

export function OpenBill({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <RowIconLink to={`/bills/${id}`} aria-label={t('bills.open', { id })} data-testid="open-bill">
      <OpenInNew fontSize="small" />
    </RowIconLink>
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
        <RowIconButton
          aria-label={t('bills.rowValidate', { id: row.id })}
          onClick={() => run(() => validate.mutateAsync({ billId: row.id }))}
          data-testid="row-validate"
        >
          <TaskAlt fontSize="small" />
        </RowIconButton>
      )}
      {allowed.has('archive') && (
        <RowIconButton
          aria-label={t('bills.rowArchive', { id: row.id })}
          onClick={() => run(() => setDeleted.mutateAsync({ billId: row.id, isDeleted: true }))}
          data-testid="row-archive"
        >
          <Archive fontSize="small" />
        </RowIconButton>
      )}
      {allowed.has('unarchive') && (
        <RowIconButton
          aria-label={t('bills.rowUnarchive', { id: row.id })}
          onClick={() => run(() => setDeleted.mutateAsync({ billId: row.id, isDeleted: false }))}
          data-testid="row-unarchive"
        >
          <Unarchive fontSize="small" />
        </RowIconButton>
      )}
    </>
  );
}
