import { useTranslation } from 'react-i18next';
import {
  AllRolesDocument,
  DeleteRoleDocument,
  type AllRolesQuery,
  type RoleOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useListQuery } from '../../../api/hooks.ts';
import { formatDateTime } from '../../../components/format.ts';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { deleteNamingDependents } from '../clients/dependents.ts';
import { RoleDialog } from './RoleDialog.tsx';
import { scopeLabel } from './ScopePicker.tsx';

type Role = NonNullable<AllRolesQuery['allRoles']>['nodes'][number] & { id: string };
type Row = Role & { scopes: string[]; scopeList: string; accountCount: string };

export default function RolesPage() {
  const { t, i18n } = useTranslation();
  const remove = useGraphQLMutation(DeleteRoleDocument, ['Role']);
  return (
    <ReferenceTable<Row, RoleOrderBy>
      testId="roles-table"
      title="titles.roles"
      addLabel="roles.add"
      deleteQuestion="roles.deleteQuestion"
      searchFields={['name']}
      columns={[
        { field: 'name', header: 'roles.name', sortKey: 'NAME' },
        { field: 'scopeList', header: 'roles.scopes', kind: 'text' },
        { field: 'accountCount', kind: 'number', header: 'roles.accounts' },
        {
          field: 'createdAt',
          kind: 'datetime',
          header: 'common.createdAt',
          sortKey: 'CREATED_AT',
          format: (row) => formatDateTime(row.createdAt, i18n.language),
        },
      ]}
      useRows={(variables) => {
        const list = useListQuery(
          AllRolesDocument,
          variables,
          { reads: ['Role', 'Account'] },
          (data) => data.allRoles,
        );
        return {
          ...list,
          rows: list.rows.map((row) => {
            const scopes = row.roleScopes.nodes.flatMap((s) => (s ? [s.scope] : []));
            return {
              ...row,
              scopes,
              scopeList: scopes.map((scope) => scopeLabel(t, scope)).join('; '),
              accountCount: String(row.accounts.totalCount),
            };
          }),
        };
      }}
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
