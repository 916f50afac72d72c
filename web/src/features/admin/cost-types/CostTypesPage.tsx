import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  AllCostTypesDocument,
  CreateCostTypeDocument,
  DeleteCostTypeDocument,
  SetCostTypeArchivedDocument,
  UpdateCostTypeDocument,
  type AllCostTypesQuery,
  type CostTypeOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useListQuery } from '../../../api/hooks.ts';
import { formatDateTime } from '../../../components/format.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { deleteNamingDependents } from '../clients/dependents.ts';

type CostType = NonNullable<AllCostTypesQuery['allCostTypes']>['nodes'][number] & { id: string };

const schema = yup.object({ name: yup.string().trim().required('validation.required') });

export default function CostTypesPage() {
  const { t, i18n } = useTranslation();
  const create = useGraphQLMutation(CreateCostTypeDocument, ['CostType']);
  const update = useGraphQLMutation(UpdateCostTypeDocument, ['CostType']);
  const remove = useGraphQLMutation(DeleteCostTypeDocument, ['CostType']);
  const archive = useGraphQLMutation(SetCostTypeArchivedDocument, ['CostType']);
  return (
    <ReferenceTable<CostType, CostTypeOrderBy>
      testId="cost-types-table"
      title="titles.costTypes"
      addLabel="costTypes.add"
      deleteQuestion="costTypes.deleteQuestion"
      searchFields={['name']}
      columns={[
        { field: 'name', header: 'costTypes.name', sortKey: 'NAME', kind: 'text' },
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
          AllCostTypesDocument,
          variables,
          { reads: ['CostType'] },
          (data) => data.allCostTypes,
        )
      }
      onSetArchived={(row, isArchived) => archive.mutateAsync({ id: row.id, isArchived })}
      onDelete={(row) =>
        deleteNamingDependents(t, 'cost_types', row.id, () => remove.mutateAsync({ id: row.id }))
      }
      renderDialog={({ open, row, onClose }) => (
        <FormDialog
          open={open}
          testId="cost-type-dialog"
          title={row ? 'costTypes.edit' : 'costTypes.create'}
          fields={[{ name: 'name', label: 'costTypes.name' }]}
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
