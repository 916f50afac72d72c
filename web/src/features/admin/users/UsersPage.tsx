import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AllUsersDocument, type AllUsersQuery, type UserOrderBy } from '../../../api/generated.ts';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { referenceRows } from '../../../components/reference-rows.ts';
import { CreateUserDialog } from './CreateUserDialog.tsx';

type User = NonNullable<AllUsersQuery['allUsers']>['nodes'][number] & { id: string };

/**
 * The users. A user is edited on their own page; instead of deleting one (their name stays on
 * the records they touched), an administrator deactivates them there.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ReferenceTable<User & { name: string; state: string; createdAt: string }, UserOrderBy>
      testId="users-table"
      title="titles.users"
      addLabel="users.add"
      deleteQuestion="users.deleteQuestion"
      searchFields={['username', 'firstName', 'lastName']}
      columns={[
        { field: 'username', header: 'resources.users.fields.username', sortKey: 'USERNAME' },
        { field: 'firstName', header: 'resources.users.fields.first_name', sortKey: 'FIRST_NAME' },
        { field: 'lastName', header: 'resources.users.fields.last_name', sortKey: 'LAST_NAME' },
        { field: 'additionalName', header: 'resources.users.fields.additional_name' },
        { field: 'state', kind: 'short', header: 'users.state' },
      ]}
      useRows={referenceRows(
        AllUsersDocument,
        ['User'],
        (data) => data.allUsers,
        (row) => ({
          ...row,
          name: row.username ?? '',
          createdAt: row.createdAt ?? '',
          state: t(row.isActive ? 'users.active' : 'users.inactive'),
        }),
      )}
      onEdit={(row) => void navigate(`/admin/users/${row.id}`)}
      renderDialog={({ open, onClose }) => <CreateUserDialog open={open} onClose={onClose} />}
    />
  );
}
