import { OpenInNew, UploadFile } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import { RowIconButton, RowIconLink } from '../../components/DataTable/row-icon-button.tsx';
import { CostAttachments } from '../../components/files/CostAttachments.tsx';
import type { CostRow } from './costs-list.ts';
import { Tooltip } from '../../components/Tooltip.tsx';

/** A cost's row actions: open its invoice; attach files (accounts that may write costs). */
export function CostRowActions(props: { row: CostRow; canAttach: boolean; onAttach: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <CostAttachments costId={props.row.id} count={props.row.fileCount} />
      <Tooltip title={t('costs.openInvoice', { id: props.row.invoiceId })}>
        <RowIconLink
          to={`/invoices/${props.row.invoiceId}`}
          aria-label={t('costs.openInvoice', { id: props.row.invoiceId })}
          data-testid={`invoice-link-${props.row.id}`}
        >
          <OpenInNew fontSize="small" />
        </RowIconLink>
      </Tooltip>
      {props.canAttach && (
        <Tooltip title={t('costs.attachFiles')}>
          <RowIconButton
            onClick={props.onAttach}
            aria-label={t('costs.attachFilesTo', { id: props.row.id })}
            data-testid={`attach-${props.row.id}`}
          >
            <UploadFile fontSize="small" />
          </RowIconButton>
        </Tooltip>
      )}
    </>
  );
}
