import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  AllScopesDocument,
  CreateRoleDocument,
  RenameRoleDocument,
  UpdateRoleScopesDocument,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../../api/hooks.ts';
import { TextInput } from '../../../components/form/TextInput.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ScopePicker, type ScopeInfo } from './ScopePicker.tsx';

interface RoleValues extends Record<string, unknown> {
  name: string;
  scopes: string[];
}

/** SPEC §5: a role needs a name and at least one scope. */
const schema: yup.ObjectSchema<RoleValues> = yup.object({
  name: yup.string().trim().required('validation.required'),
  scopes: yup.array(yup.string().required()).min(1, 'roles.scopeRequired').required(),
});

export interface RoleRow {
  id: string;
  name: string;
  scopes: string[];
}

/** Creates a role, or renames one and changes its scopes (the kit's FormDialog). */
export function RoleDialog(props: { open: boolean; row?: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { row } = props;
  const scopes = useGraphQLQuery(AllScopesDocument, {}, { reads: ['Role'] });
  const create = useGraphQLMutation(CreateRoleDocument, ['Role', 'Account']);
  const rename = useGraphQLMutation(RenameRoleDocument, ['Role']);
  const updateScopes = useGraphQLMutation(UpdateRoleScopesDocument, ['Role', 'Account']);
  const all: ScopeInfo[] = (scopes.data?.allScopes?.nodes ?? []).flatMap((s) => (s ? [s] : []));
  return (
    <FormDialog<RoleValues>
      open={props.open}
      title={row ? 'roles.edit' : 'roles.create'}
      testId="role-dialog"
      maxWidth="md"
      initialValues={{ name: row?.name ?? '', scopes: row?.scopes ?? [] }}
      schema={schema}
      onClose={props.onClose}
      onSubmit={async (values) => {
        const name = values.name.trim();
        if (!row) {
          await create.mutateAsync({ name, scopes: values.scopes });
          return;
        }
        if (name !== row.name) await rename.mutateAsync({ id: row.id, name });
        const add = values.scopes.filter((s) => !row.scopes.includes(s));
        const remove = row.scopes.filter((s) => !values.scopes.includes(s));
        if (add.length || remove.length)
          await updateScopes.mutateAsync({ roleId: row.id, add, remove });
      }}
    >
      {(form) => (
        <>
          <TextInput name="name" label="resources.fields.name" />
          <ScopePicker
            testId="role-scopes"
            scopes={all}
            value={form.values.scopes}
            onChange={(value) => void form.setFieldValue('scopes', value)}
            error={
              form.submitCount > 0 && form.errors.scopes ? t(String(form.errors.scopes)) : undefined
            }
          />
        </>
      )}
    </FormDialog>
  );
}
