import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { errorMessage } from '../../../api/errors.ts';
import {
  AllScopesDocument,
  CreateRoleDocument,
  RenameRoleDocument,
  UpdateRoleScopesDocument,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../../api/hooks.ts';
import { ScopePicker, type ScopeInfo } from './ScopePicker.tsx';

/** SPEC §5: a role needs a name and at least one scope. */
const schema = yup.object({
  name: yup.string().trim().required('validation.required'),
  scopes: yup.array(yup.string().required()).min(1, 'roles.scopeRequired').required(),
});

export interface RoleRow {
  id: string;
  name: string;
  scopes: string[];
}

export function RoleDialog(props: { open: boolean; row?: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { row } = props;
  const scopes = useGraphQLQuery(AllScopesDocument, {}, { reads: ['Role'] });
  const create = useGraphQLMutation(CreateRoleDocument, ['Role', 'Account']);
  const rename = useGraphQLMutation(RenameRoleDocument, ['Role']);
  const updateScopes = useGraphQLMutation(UpdateRoleScopesDocument, ['Role', 'Account']);
  const [failure, setFailure] = useState<unknown>();
  const form = useFormik({
    initialValues: { name: row?.name ?? '', scopes: row?.scopes ?? [] },
    validationSchema: schema,
    enableReinitialize: true,
    onSubmit: async (values) => {
      setFailure(undefined);
      try {
        const name = values.name.trim();
        if (!row) {
          await create.mutateAsync({ name, scopes: values.scopes });
        } else {
          if (name !== row.name) await rename.mutateAsync({ id: row.id, name });
          const add = values.scopes.filter((s) => !row.scopes.includes(s));
          const remove = row.scopes.filter((s) => !values.scopes.includes(s));
          if (add.length || remove.length)
            await updateScopes.mutateAsync({ roleId: row.id, add, remove });
        }
        props.onClose();
      } catch (error) {
        setFailure(error);
      }
    },
  });
  const all: ScopeInfo[] = (scopes.data?.allScopes?.nodes ?? []).flatMap((s) => (s ? [s] : []));
  const nameError = form.touched.name && form.errors.name;
  const scopesError = form.submitCount > 0 && form.errors.scopes;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md">
      <form onSubmit={form.handleSubmit} noValidate data-testid="role-dialog">
        <DialogTitle>{t(row ? 'roles.edit' : 'roles.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure !== undefined && <Alert severity="error">{errorMessage(t, failure)}</Alert>}
            <TextField
              name="name"
              label={t('roles.name')}
              value={form.values.name}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              error={Boolean(nameError)}
              helperText={nameError ? t(String(nameError)) : undefined}
            />
            <ScopePicker
              testId="role-scopes"
              scopes={all}
              value={form.values.scopes}
              onChange={(value) => void form.setFieldValue('scopes', value)}
              error={scopesError ? t(String(scopesError)) : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.isSubmitting}
            data-testid="dialog-save"
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
