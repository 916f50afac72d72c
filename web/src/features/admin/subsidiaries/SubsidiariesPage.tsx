import { OpenInNew } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as yup from 'yup';
import {
  AllSubsidiariesAdminDocument,
  DeleteSubsidiaryDocument,
  UpdateSubsidiaryAdminDocument,
  type AllSubsidiariesAdminQuery,
  type SubsidiaryOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { CountryInput, countryName } from '../../../components/form/CountryInput.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { referenceRows } from '../../../components/reference-rows.ts';
import { deleteNamingDependents } from '../clients/dependents.ts';
import { RowIconLink } from '../../../components/DataTable/row-icon-button.tsx';

type Subsidiary = NonNullable<AllSubsidiariesAdminQuery['allSubsidiaries']>['nodes'][number] & {
  id: string;
};

/** SPEC §5: name and country are required for subsidiaries. */
const schema = yup.object({
  legalName: yup.string().trim().required('validation.required'),
  shortName: yup.string().trim().default(''),
  country: yup.string().trim().required('validation.required'),
});
type Values = yup.InferType<typeof schema>;

/**
 * The subsidiaries: created with the wizard (/subsidiaries/new), shown on their details page
 * (/subsidiaries/{id}); names and country are edited here too.
 */
export default function SubsidiariesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const update = useGraphQLMutation(UpdateSubsidiaryAdminDocument, ['Company']);
  const remove = useGraphQLMutation(DeleteSubsidiaryDocument, ['Company']);
  return (
    <ReferenceTable<Subsidiary & { name: string }, SubsidiaryOrderBy>
      testId="subsidiaries-table"
      title="titles.subsidiary"
      addLabel="titles.newSubsidiary"
      deleteQuestion="subsidiariesAdmin.deleteQuestion"
      searchFields={['legalName', 'shortName']}
      columns={[
        {
          field: 'legalName',
          header: 'resources.fields.legal_name',
          sortKey: 'LEGAL_NAME',
        },
        {
          field: 'shortName',
          header: 'resources.fields.short_name',
          sortKey: 'SHORT_NAME',
        },
        {
          field: 'country',
          kind: 'name',
          // "Великобритания", the longest country name of one word, on one line.
          width: 132,
          header: 'resources.countries.name',
          format: (row) => countryName(row.country, i18n.language),
        },
      ]}
      useRows={referenceRows(
        AllSubsidiariesAdminDocument,
        ['Company'],
        (data) => data.allSubsidiaries,
        (row) => ({ ...row, name: row.legalName }),
      )}
      onAdd={() => void navigate('/subsidiaries/new')}
      extraActions={(row) => (
        <RowIconLink
          to={`/subsidiaries/${row.id}`}
          aria-label={t('subsidiariesAdmin.details')}
          data-testid="details"
        >
          <OpenInNew fontSize="small" />
        </RowIconLink>
      )}
      onDelete={(row) =>
        deleteNamingDependents(t, 'subsidiaries', row.id, () => remove.mutateAsync({ id: row.id }))
      }
      renderDialog={({ open, row, onClose }) => (
        <FormDialog<Values>
          open={open}
          testId="subsidiary-dialog"
          title="subsidiariesAdmin.edit"
          fields={[
            { name: 'legalName', label: 'resources.fields.legal_name' },
            { name: 'shortName', label: 'resources.fields.short_name' },
          ]}
          initialValues={{
            legalName: row?.legalName ?? '',
            shortName: row?.shortName ?? '',
            country: row?.country ?? '',
          }}
          schema={schema}
          onClose={onClose}
          onSubmit={async (values) => {
            if (!row) return;
            return update.mutateAsync({
              id: row.id,
              patch: {
                legalName: values.legalName.trim(),
                shortName: values.shortName.trim() || null,
                country: values.country.trim(),
              },
            });
          }}
        >
          <CountryInput name="country" label="resources.countries.name" required />
        </FormDialog>
      )}
    />
  );
}
