import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  AllServicesDocument,
  CreateServiceDocument,
  DeleteServiceDocument,
  SetServiceArchivedDocument,
  UpdateServiceDocument,
  type AllServicesQuery,
  type ServiceOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useListQuery } from '../../../api/hooks.ts';
import { formatDateTime } from '../../../components/format.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { deleteNamingDependents } from '../clients/dependents.ts';

type Service = NonNullable<AllServicesQuery['allServices']>['nodes'][number] & { id: string };

/** SPEC §5: a service name is required. */
const schema = yup.object({ name: yup.string().trim().required('validation.required') });

export default function ServicesPage() {
  const { t, i18n } = useTranslation();
  const create = useGraphQLMutation(CreateServiceDocument, ['Service']);
  const update = useGraphQLMutation(UpdateServiceDocument, ['Service']);
  const remove = useGraphQLMutation(DeleteServiceDocument, ['Service']);
  const archive = useGraphQLMutation(SetServiceArchivedDocument, ['Service']);
  return (
    <ReferenceTable<Service, ServiceOrderBy>
      testId="services-table"
      title="titles.services"
      addLabel="services.add"
      deleteQuestion="services.deleteQuestion"
      searchFields={['name']}
      columns={[
        { field: 'name', header: 'services.name', sortKey: 'NAME', kind: 'text' },
        {
          field: 'createdAt',
          kind: 'datetime',
          header: 'common.createdAt',
          sortKey: 'CREATED_AT',
          format: (row) => formatDateTime(row.createdAt, i18n.language),
        },
      ]}
      useRows={(variables) =>
        useListQuery(
          AllServicesDocument,
          variables,
          { reads: ['Service'] },
          (data) => data.allServices,
        )
      }
      onSetArchived={(row, isArchived) => archive.mutateAsync({ id: row.id, isArchived })}
      onDelete={(row) =>
        deleteNamingDependents(t, 'services', row.id, () => remove.mutateAsync({ id: row.id }))
      }
      renderDialog={({ open, row, onClose }) => (
        <FormDialog
          open={open}
          testId="service-dialog"
          title={row ? 'services.edit' : 'services.create'}
          fields={[{ name: 'name', label: 'services.name' }]}
          initialValues={{ name: row?.name ?? '' }}
          schema={schema}
          onClose={onClose}
          onSubmit={(values) =>
            row
              ? update.mutateAsync({ id: row.id, name: values.name.trim() })
              : create.mutateAsync({ name: values.name.trim() })
          }
        />
      )}
    />
  );
}
