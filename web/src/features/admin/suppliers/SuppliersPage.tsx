import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  AllSuppliersDocument,
  CreateSupplierDocument,
  DeleteSupplierDocument,
  UpdateSupplierDocument,
  type AllSuppliersQuery,
  type SupplierOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { CountryInput, countryName } from '../../../components/form/CountryInput.tsx';
import { TextInput } from '../../../components/form/TextInput.tsx';
import { SearchInput } from '../../../components/form/SearchInput.tsx';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { referenceRows } from '../../../components/reference-rows.ts';
import { ReferenceExchange } from '../clients/ReferenceExchange.tsx';
import { deleteNamingDependents } from '../clients/dependents.ts';
import { useSimilarCompanyCheck } from '../clients/similar-companies.tsx';

type Supplier = NonNullable<AllSuppliersQuery['allSuppliers']>['nodes'][number] & {
  id: string;
};

/** SPEC §5: name and country are required for suppliers. */
const schema = yup.object({
  legalName: yup.string().trim().required('validation.required'),
  shortName: yup.string().trim().default(''),
  country: yup.string().trim().required('validation.required'),
  taxId: yup.string().trim().default(''),
  userId: yup.string().default(''),
});
type Values = yup.InferType<typeof schema>;

export default function SuppliersPage() {
  const { t, i18n } = useTranslation();
  const create = useGraphQLMutation(CreateSupplierDocument, ['Company']);
  const update = useGraphQLMutation(UpdateSupplierDocument, ['Company']);
  const remove = useGraphQLMutation(DeleteSupplierDocument, ['Company']);
  const similar = useSimilarCompanyCheck();
  return (
    <>
      <ReferenceTable<Supplier & { name: string; userName: string }, SupplierOrderBy>
        testId="suppliers-table"
        title="titles.supplier"
        addLabel="suppliers.add"
        deleteQuestion="suppliers.deleteQuestion"
        searchFields={['legalName', 'shortName', 'taxId']}
        columns={[
          {
            field: 'legalName',
            header: 'resources.fields.legal_name',
            sortKey: 'LEGAL_NAME',
            kind: 'text',
          },
          { field: 'shortName', header: 'resources.fields.short_name', sortKey: 'SHORT_NAME' },
          {
            field: 'country',
            kind: 'name',
            // "Великобритания", the longest country name of one word, on one line.
            width: 132,
            header: 'resources.countries.name',
            format: (row) => countryName(row.country, i18n.language),
          },
          { field: 'taxId', kind: 'short', header: 'counterparty.taxId' },
          { field: 'userName', header: 'resources.users.name' },
        ]}
        useRows={referenceRows(
          AllSuppliersDocument,
          ['Company', 'User'],
          (data) => data.allSuppliers,
          (row) => ({
            ...row,
            name: row.legalName,
            userName: row.user
              ? `${row.user.displayName ?? ''}${row.user.username ? ` (${row.user.username})` : ''}`
              : '',
          }),
        )}
        toolbarExtra={<ReferenceExchange kind="suppliers" />}
        onSetArchived={(row, isArchived) =>
          update.mutateAsync({ id: row.id, patch: { isArchived } })
        }
        onDelete={(row) =>
          deleteNamingDependents(t, 'suppliers', row.id, () => remove.mutateAsync({ id: row.id }))
        }
        renderDialog={({ open, row, onClose }) => (
          <FormDialog<Values>
            open={open}
            testId="supplier-dialog"
            title={row ? 'suppliers.edit' : 'suppliers.create'}
            fields={[
              { name: 'legalName', label: 'resources.fields.legal_name' },
              { name: 'shortName', label: 'resources.fields.short_name' },
            ]}
            initialValues={{
              legalName: row?.legalName ?? '',
              shortName: row?.shortName ?? '',
              country: row?.country ?? '',
              taxId: row?.taxId ?? '',
              userId: row?.user?.id ?? '',
            }}
            schema={schema}
            onClose={onClose}
            onSubmit={async (values) => {
              const supplier = {
                legalName: values.legalName.trim(),
                shortName: values.shortName.trim() || null,
                country: values.country.trim(),
                taxId: values.taxId.trim() || null,
                userId: values.userId || null,
              };
              if (row) return update.mutateAsync({ id: row.id, patch: supplier });
              await similar.confirmCreation(supplier.legalName, supplier.taxId);
              return create.mutateAsync({ supplier });
            }}
          >
            <CountryInput name="country" label="resources.countries.name" required />
            <TextInput
              name="taxId"
              label="counterparty.taxId"
              helper="counterparty.supplierTaxIdHelp"
            />
            <SearchInput
              name="userId"
              kind="user"
              label="resources.users.name"
              helper="suppliers.usernameHelp"
              selected={
                row?.user ? { value: row.user.id, label: row.user.displayName ?? '' } : null
              }
            />
          </FormDialog>
        )}
      />
      {similar.dialog}
    </>
  );
}
