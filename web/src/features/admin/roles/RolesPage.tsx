import { useTranslation } from 'react-i18next';
import {
  AllRolesDocument,
  DeleteRoleDocument,
  type AllRolesQuery,
  type RoleOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { referenceRows } from '../../../components/reference-rows.ts';
import { deleteNamingDependents } from '../clients/dependents.ts';
import { RoleDialog } from './RoleDialog.tsx';
import { scopeLabel } from './ScopePicker.tsx';

type Role = NonNullable<AllRolesQuery['allRoles']>['nodes'][number] & { id: string };
type Row = Role & { scopes: string[]; scopeList: string; accountCount: string };

export default function RolesPage() {
  const { t } = useTranslation();
  const remove = useGraphQLMutation(DeleteRoleDocument, ['Role']);
  return (
    <ReferenceTable<Row, RoleOrderBy>
      testId="roles-table"
      title="titles.roles"
      addLabel="roles.add"
      deleteQuestion="roles.deleteQuestion"
      searchFields={['name']}
      columns={[
        { field: 'name', header: 'resources.fields.name', sortKey: 'NAME' },
        { field: 'scopeList', header: 'roles.scopes', kind: 'text' },
        { field: 'accountCount', kind: 'number', header: 'roles.accounts' },
      ]}
      useRows={referenceRows(
        AllRolesDocument,
        ['Role', 'Account'],
        (data) => data.allRoles,
        (row) => {
          const scopes = row.roleScopes.nodes.flatMap((s) => (s ? [s.scope] : []));
          return {
            ...row,
            scopes,
            scopeList: scopes.map((scope) => scopeLabel(t, scope)).join('; '),
            accountCount: String(row.accounts.totalCount),
          };
        },
      )}
      onDelete={(row) =>
        deleteNamingDependents(t, 'roles', row.id, () => remove.mutateAsync({ id: row.id }))
      }
      renderDialog={({ open, row, onClose }) => (
        <RoleDialog
          key={row?.id ?? 'new'}
          open={open}
          row={row && { id: row.id, name: row.name, scopes: row.scopes }}
          onClose={onClose}
        />
      )}
    />
  );
}
