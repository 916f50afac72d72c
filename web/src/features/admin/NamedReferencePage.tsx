import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import type { RecordKind } from '../../api/cache.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import type { GraphQLDocument } from '../../api/transport.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import type { SortKeyOf } from '../../components/DataTable/table-state.ts';
import { ReferenceTable, type ReferenceTableProps } from '../../components/ReferenceTable.tsx';
import { deleteNamingDependents, type DependentTable } from './clients/dependents.ts';

export interface NamedRow {
  id: string;
  name: string;
  createdAt?: string;
  isArchived?: boolean;
}

/** A reference table whose rows are a name only (cost types, services): what differs. */
export interface NamedReference<OrderBy extends string> {
  /** The table in SQL (the dependents of a row that cannot be deleted). */
  table: DependentTable;
  kind: RecordKind;
  /** i18n prefix: `<prefix>.name`, `.add`, `.edit`, `.create`, `.deleteQuestion`. */
  prefix: string;
  title: string;
  testId: string;
  dialogTestId: string;
  /** `referenceRows(<the list document>, [kind], (data) => data.all…)`. */
  useRows: ReferenceTableProps<NamedRow, OrderBy>['useRows'];
  create: GraphQLDocument<unknown, { name: string }>;
  update: GraphQLDocument<unknown, { id: string; name: string }>;
  remove: GraphQLDocument<unknown, { id: string }>;
  setArchived: GraphQLDocument<unknown, { id: string; isArchived: boolean }>;
}

/** SPEC §5: the name is required. */
const schema = yup.object({ name: yup.string().trim().required('validation.required') });

/** A name-only reference table: list, search, create, rename, archive and delete. */
export function NamedReferencePage<OrderBy extends string>({
  reference: ref,
}: {
  reference: NamedReference<OrderBy>;
}) {
  const { t } = useTranslation();
  const create = useGraphQLMutation(ref.create, [ref.kind]);
  const update = useGraphQLMutation(ref.update, [ref.kind]);
  const remove = useGraphQLMutation(ref.remove, [ref.kind]);
  const archive = useGraphQLMutation(ref.setArchived, [ref.kind]);
  return (
    <ReferenceTable<NamedRow, OrderBy>
      testId={ref.testId}
      title={ref.title}
      addLabel={`${ref.prefix}.add`}
      deleteQuestion={`${ref.prefix}.deleteQuestion`}
      searchFields={['name']}
      columns={[
        {
          field: 'name',
          header: `${ref.prefix}.name`,
          sortKey: 'NAME' as SortKeyOf<OrderBy>,
          kind: 'text',
        },
      ]}
      useRows={ref.useRows}
      onSetArchived={(row, isArchived) => archive.mutateAsync({ id: row.id, isArchived })}
      onDelete={(row) =>
        deleteNamingDependents(t, ref.table, row.id, () => remove.mutateAsync({ id: row.id }))
      }
      renderDialog={({ open, row, onClose }) => (
        <FormDialog
          open={open}
          testId={ref.dialogTestId}
          title={row ? `${ref.prefix}.edit` : `${ref.prefix}.create`}
          fields={[{ name: 'name', label: `${ref.prefix}.name` }]}
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
