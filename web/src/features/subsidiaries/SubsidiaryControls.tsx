import { Edit, Lock, LockOpen } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { errorMessage } from '../../api/errors.ts';
import {
  SetSubsidiaryControlsDocument,
  SubsidiaryControlsDocument,
  type SubsidiaryControlsQuery,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { DateInput } from '../../components/form/DateInput.tsx';
import { MoneyInput } from '../../components/form/MoneyInput.tsx';
import { dateRule } from '../../components/form/rules.ts';
import { formatDate, formatDateTime, formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';

type Controls = NonNullable<SubsidiaryControlsQuery['subsidiaryById']>;
type Change = NonNullable<Controls['subsidiaryControlChanges']['nodes'][number]>;

const schema = yup.object({
  approvalLimitUsd: yup
    .string()
    .test(
      'amount',
      'validation.amountPositive',
      (value) => !value || (/^\d+(\.\d{1,2})?$/.test(value) && new Decimal(value).greaterThan(0)),
    ),
  lockDate: dateRule(),
});
type Values = yup.InferType<typeof schema>;

/**
 * A subsidiary's controls (docs/permissions.md): the approval limit in USD above which a cost
 * needs a second approval, and the date through which its books are closed. Everyone who sees the
 * subsidiary sees them and their history; an admin changes them (the database checks).
 */
export function SubsidiaryControls({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const query = useGraphQLQuery(SubsidiaryControlsDocument, { id }, { reads: ['Company'] });
  const save = useGraphQLMutation(SetSubsidiaryControlsDocument, [
    'Company',
    'Invoice',
    'Cost',
    'Bill',
  ]);
  const [editing, setEditing] = useState(false);
  const controls = query.data?.subsidiaryById;
  if (query.error) {
    return <Alert severity="error">{errorMessage(t, query.error)}</Alert>;
  }
  if (!controls) return null;
  const changes = controls.subsidiaryControlChanges.nodes.filter((c): c is Change => c !== null);
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="subsidiary-controls">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('subsidiaryControls.heading')}
        </Typography>
        {permissions.admin && (
          <Button
            startIcon={<Edit />}
            onClick={() => setEditing(true)}
            data-testid="edit-subsidiary-controls"
          >
            {t('subsidiaryControls.change')}
          </Button>
        )}
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(160px, 260px) 1fr' },
          columnGap: 2,
          rowGap: 1,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
      >
        <Typography component="dt" variant="body2">
          {t('subsidiaryControls.approvalLimit')}
        </Typography>
        <Typography component="dd" variant="body2" data-testid="approval-limit">
          {controls.approvalLimitUsd
            ? t('subsidiaryControls.limitValue', {
                amount: formatMoney(controls.approvalLimitUsd, i18n.language, 'USD'),
              })
            : t('subsidiaryControls.noLimit')}
        </Typography>
        <Typography component="dt" variant="body2">
          {t('subsidiaryControls.lockDate')}
        </Typography>
        <Typography
          component="dd"
          variant="body2"
          data-testid="lock-date"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          {controls.lockDate ? (
            <>
              <Lock fontSize="small" aria-hidden />
              {t('subsidiaryControls.lockedThrough', {
                date: formatDate(controls.lockDate, i18n.language),
              })}
            </>
          ) : (
            <>
              <LockOpen fontSize="small" aria-hidden />
              {t('statuses.open')}
            </>
          )}
        </Typography>
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('subsidiaryControls.history')}
      </Typography>
      {changes.length ? (
        <List dense data-testid="subsidiary-control-changes">
          {changes.map((change) => (
            <ListItem key={change.id} disableGutters>
              <ListItemText
                primary={t(`subsidiaryControls.changed.${change.control}`, {
                  from: showValue(change.control, change.oldValue, i18n.language, t),
                  to: showValue(change.control, change.newValue, i18n.language, t),
                })}
                secondary={[
                  formatDateTime(change.createdAt, i18n.language),
                  change.user ? change.user.displayName : t('subsidiaryControls.system'),
                  change.userRole,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2">{t('subsidiaryControls.noChanges')}</Typography>
      )}
      <FormDialog<Values>
        open={editing}
        title="subsidiaryControls.dialogTitle"
        testId="subsidiary-controls-form"
        initialValues={{
          approvalLimitUsd: controls.approvalLimitUsd ?? '',
          lockDate: controls.lockDate ?? '',
        }}
        schema={schema}
        onClose={() => setEditing(false)}
        onSubmit={(values) =>
          save.mutateAsync({
            id,
            approvalLimitUsd: values.approvalLimitUsd || null,
            lockDate: values.lockDate || null,
          })
        }
      >
        <MoneyInput
          name="approvalLimitUsd"
          label="subsidiaryControls.approvalLimit"
          helper="subsidiaryControls.approvalLimitHelp"
          currency="USD"
        />
        <DateInput
          name="lockDate"
          label="subsidiaryControls.lockDate"
          helper="subsidiaryControls.lockDateHelp"
        />
      </FormDialog>
    </Paper>
  );
}

function showValue(
  control: string,
  value: string | null | undefined,
  language: string,
  t: (key: string) => string,
): string {
  if (!value) return control === 'lock_date' ? t('statuses.open') : t('subsidiaryControls.noLimit');
  return control === 'lock_date'
    ? formatDate(value, language)
    : formatMoney(value, language, 'USD');
}
