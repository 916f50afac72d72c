import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { RejectCostsDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { TextInput } from '../../components/form/TextInput.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import type { CostRow } from './costs-list.ts';

const rejectSchema = yup.object({ reason: yup.string().trim().required('validation.required') });

/**
 * The actions the server allows on the selected costs (availableActions); a selection with a cost
 * it refuses changes nothing and says why.
 */
export function CostBulkActions(props: {
  selected: CostRow[];
  approving: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.selected.some((row) => row.actions.includes('approve')) && (
        <Button
          size="small"
          variant="contained"
          disabled={props.approving}
          onClick={props.onApprove}
          data-testid="bulk-approve"
        >
          {t('costs.approve')}
        </Button>
      )}
      {props.selected.some((row) => row.actions.includes('reject')) && (
        <Button
          size="small"
          color="error"
          variant="outlined"
          onClick={props.onReject}
          data-testid="bulk-reject"
        >
          {t('costs.reject')}
        </Button>
      )}
    </>
  );
}

/** Rejects the costs being rejected, with the reason the dialog asks for. */
export function RejectCostsDialog(props: {
  rejecting: CostRow[] | undefined;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const { t } = useTranslation();
  const reject = useGraphQLMutation(RejectCostsDocument, ['Cost', 'Invoice']);
  return (
    <FormDialog<{ reason: string }>
      open={Boolean(props.rejecting)}
      testId="reject-dialog"
      title="costs.rejectTitle"
      submitLabel="costs.reject"
      initialValues={{ reason: '' }}
      schema={rejectSchema}
      onClose={props.onClose}
      onSubmit={async (values) => {
        const result = await reject.mutateAsync({
          ids: (props.rejecting ?? []).map((row) => row.id),
          reason: values.reason.trim(),
        });
        props.onDone(result.rejectCosts?.result?.length ?? 0);
      }}
    >
      <Typography variant="body2">
        {t('costs.rejectText', { count: props.rejecting?.length ?? 0 })}
      </Typography>
      <TextInput name="reason" label="costs.reason" multiline minRows={2} required />
    </FormDialog>
  );
}
