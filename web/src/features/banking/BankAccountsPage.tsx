import * as yup from 'yup';
import {
  AllBankAccountsDocument,
  CreateBankAccountDocument,
  DeleteBankAccountDocument,
  UpdateBankAccountDocument,
  type AllBankAccountsQuery,
  type BankAccountOrderBy,
} from '../../api/generated.ts';
import { useGraphQLMutation, useListQuery } from '../../api/hooks.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { ReferenceTable } from '../../components/ReferenceTable.tsx';
import { formatIban, ibanValid } from './iban.ts';
import { companyName } from '../../components/names.ts';

type BankAccount = NonNullable<AllBankAccountsQuery['allBankAccounts']>['nodes'][number] & {
  id: string;
};

/** A quick message only: the database checks the IBAN (mod-97) and the BIC again. */
const schema = yup.object({
  subsidiaryId: yup.string().required('validation.required'),
  name: yup.string().trim().required('validation.required'),
  iban: yup
    .string()
    .trim()
    .default('')
    .test('iban', 'banking.invalidIban', (value) => !value || ibanValid(value)),
  accountNumber: yup
    .string()
    .trim()
    .default('')
    .test(
      'identifier',
      'banking.identifierRequired',
      (value, context) => Boolean(value) || Boolean((context.parent as { iban?: string }).iban),
    ),
  bic: yup
    .string()
    .trim()
    .default('')
    .matches(/^$|^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'banking.invalidBic'),
  currency: yup.string().required('validation.required'),
});
type Values = yup.InferType<typeof schema>;

/** The bank accounts of every subsidiary the admin sees: name, IBAN or number, BIC, currency. */
export default function BankAccountsPage() {
  const create = useGraphQLMutation(CreateBankAccountDocument, ['Payment']);
  const update = useGraphQLMutation(UpdateBankAccountDocument, ['Payment']);
  const remove = useGraphQLMutation(DeleteBankAccountDocument, ['Payment']);
  return (
    <ReferenceTable<BankAccount, BankAccountOrderBy>
      testId="bank-accounts-table"
      title="titles.bankAccounts"
      addLabel="banking.addAccount"
      deleteQuestion="banking.deleteAccountQuestion"
      searchFields={['name', 'iban', 'accountNumber']}
      columns={[
        { field: 'name', header: 'resources.fields.name', sortKey: 'NAME', kind: 'text' },
        {
          field: 'subsidiary',
          header: 'resources.subsidiaries.name',
          format: (row) => companyName(row.subsidiary),
        },
        {
          field: 'iban',
          // An IBAN in groups or a 20-digit account number, on one line.
          kind: 'text',
          header: 'banking.ibanOrNumber',
          format: (row) => (row.iban ? formatIban(row.iban) : (row.accountNumber ?? '')),
        },
        { field: 'bic', header: 'banking.bic' },
        {
          field: 'currency',
          kind: 'short',
          header: 'resources.currencies.name',
          sortKey: 'CURRENCY',
        },
      ]}
      useRows={(variables) =>
        useListQuery(
          AllBankAccountsDocument,
          variables,
          { reads: ['Payment', 'Company'] },
          (data) => data.allBankAccounts,
        )
      }
      onDelete={(row) => remove.mutateAsync({ id: row.id })}
      renderDialog={({ open, row, onClose }) => (
        <FormDialog<Values>
          open={open}
          testId="bank-account-dialog"
          title={row ? 'banking.account' : 'banking.addAccount'}
          initialValues={{
            subsidiaryId: row?.subsidiaryId ?? '',
            name: row?.name ?? '',
            iban: row?.iban ? formatIban(row.iban) : '',
            accountNumber: row?.accountNumber ?? '',
            bic: row?.bic ?? '',
            currency: row?.currency ?? '',
          }}
          schema={schema}
          onClose={onClose}
          onSubmit={async (values) => {
            const fields = {
              name: values.name.trim(),
              iban: values.iban.trim() || null,
              accountNumber: values.accountNumber.trim() || null,
              bic: values.bic.trim() || null,
              currency: values.currency,
            };
            if (row) return update.mutateAsync({ id: row.id, patch: fields });
            return create.mutateAsync({
              bankAccount: { ...fields, subsidiaryId: values.subsidiaryId },
            });
          }}
        >
          <SearchInput
            name="subsidiaryId"
            label="resources.subsidiaries.name"
            kind="subsidiary"
            required
            disabled={Boolean(row)}
            selected={
              row?.subsidiary
                ? {
                    value: row.subsidiary.id,
                    label: companyName(row.subsidiary),
                  }
                : null
            }
          />
          <TextInput name="name" label="resources.fields.name" required />
          <TextInput name="iban" label="banking.iban" helper="banking.ibanHelper" />
          <TextInput name="accountNumber" label="banking.accountNumber" />
          <TextInput name="bic" label="banking.bic" />
          <SearchInput
            name="currency"
            label="resources.currencies.name"
            kind="currency"
            required
            selected={row ? { value: row.currency, label: row.currency } : null}
          />
        </FormDialog>
      )}
    />
  );
}
