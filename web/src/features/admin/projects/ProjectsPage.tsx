import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  AllProjectsDocument,
  CreateProjectDocument,
  DeleteProjectDocument,
  SetProjectArchivedDocument,
  UpdateProjectDocument,
  type AllProjectsQuery,
  type ProjectOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { referenceRows } from '../../../components/reference-rows.ts';
import { ReferenceExchange } from '../clients/ReferenceExchange.tsx';
import { deleteNamingDependents } from '../clients/dependents.ts';

type Project = NonNullable<AllProjectsQuery['allProjects']>['nodes'][number] & { id: string };

/** SPEC §5: required; Latin letters, digits, underscore and dot. */
const schema = yup.object({
  name: yup.string().trim().required('validation.required'),
  accessKey: yup
    .string()
    .trim()
    .required('validation.required')
    .matches(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'errors.codes.InvalidAccessKey'),
});

export default function ProjectsPage() {
  const { t } = useTranslation();
  const create = useGraphQLMutation(CreateProjectDocument, ['Project']);
  const update = useGraphQLMutation(UpdateProjectDocument, ['Project']);
  const remove = useGraphQLMutation(DeleteProjectDocument, ['Project']);
  const archive = useGraphQLMutation(SetProjectArchivedDocument, ['Project']);
  return (
    <ReferenceTable<Project, ProjectOrderBy>
      testId="projects-table"
      title="titles.projects"
      addLabel="projects.add"
      deleteQuestion="projects.deleteQuestion"
      searchFields={['name', 'accessKey']}
      columns={[
        { field: 'name', header: 'resources.fields.name', sortKey: 'NAME', kind: 'text' },
        {
          field: 'accessKey',
          header: 'resources.projects.fields.access_key',
          sortKey: 'ACCESS_KEY',
        },
      ]}
      useRows={referenceRows(AllProjectsDocument, ['Project'], (data) => data.allProjects)}
      toolbarExtra={<ReferenceExchange kind="projects" />}
      onSetArchived={(row, isArchived) => archive.mutateAsync({ id: row.id, isArchived })}
      onDelete={(row) =>
        deleteNamingDependents(t, 'projects', row.id, () => remove.mutateAsync({ id: row.id }))
      }
      renderDialog={({ open, row, onClose }) => (
        <FormDialog
          open={open}
          testId="project-dialog"
          title={row ? 'projects.edit' : 'projects.create'}
          fields={[
            { name: 'name', label: 'resources.fields.name' },
            {
              name: 'accessKey',
              label: 'resources.projects.fields.access_key',
              helper: 'projects.accessKeyHelp',
            },
          ]}
          initialValues={{ name: row?.name ?? '', accessKey: row?.accessKey ?? '' }}
          schema={schema}
          onClose={onClose}
          onSubmit={(values) =>
            row
              ? update.mutateAsync({
                  id: row.id,
                  name: values.name.trim(),
                  accessKey: values.accessKey.trim(),
                })
              : create.mutateAsync({ name: values.name.trim(), accessKey: values.accessKey.trim() })
          }
        />
      )}
    />
  );
}
