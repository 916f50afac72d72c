import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  AllClientsDocument,
  CreateClientDocument,
  DeleteClientDocument,
  UpdateClientDocument,
  type AllClientsQuery,
  type ClientOrderBy,
} from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { CountryInput, countryName } from '../../../components/form/CountryInput.tsx';
import { TextInput } from '../../../components/form/TextInput.tsx';
import { innCheckDigitsValid, ogrnCheckDigitValid } from '../../../components/form/tax-ids.ts';
import { ReferenceTable } from '../../../components/ReferenceTable.tsx';
import { referenceRows } from '../../../components/reference-rows.ts';
import { ReferenceExchange } from './ReferenceExchange.tsx';
import { deleteNamingDependents } from './dependents.ts';
import { useSimilarCompanyCheck } from './similar-companies.tsx';

type Client = NonNullable<AllClientsQuery['allClients']>['nodes'][number] & { id: string };

const FIELDS = [
  'legalName',
  'shortName',
  'country',
  'taxId',
  'taxReasonCode',
  'registrationNumber',
  'legalForm',
  'registeredAddress',
  'primaryActivityCode',
  'orgStatus',
  'ceoFullName',
  'ceoPosition',
] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const optional = () => yup.string().trim().default('');

/** SPEC §5 Companies: the database's rules, repeated for a quick message. */
const schema: yup.ObjectSchema<Values> = yup.object({
  legalName: yup.string().trim().required('validation.required'),
  shortName: optional(),
  country: optional(),
  taxId: optional()
    .matches(/^(\d{10}|\d{12})$/, {
      message: 'errors.codes.InvalidTaxId',
      excludeEmptyString: true,
    })
    .test('inn-check-digits', 'errors.codes.TaxIdChecksum', (value) =>
      innCheckDigitsValid(value ?? ''),
    ),
  taxReasonCode: optional().matches(/^\d{4}[\dA-Z]{2}\d{3}$/, {
    message: 'errors.codes.InvalidTaxReasonCode',
    excludeEmptyString: true,
  }),
  registrationNumber: optional()
    .matches(/^(\d{13}|\d{15})$/, {
      message: 'errors.codes.InvalidRegistrationNumber',
      excludeEmptyString: true,
    })
    .test('ogrn-check-digit', 'errors.codes.RegistrationNumberChecksum', (value) =>
      ogrnCheckDigitValid(value ?? ''),
    ),
  legalForm: optional(),
  registeredAddress: optional(),
  primaryActivityCode: optional(),
  orgStatus: optional(),
  ceoFullName: optional(),
  ceoPosition: optional(),
});

const HELP: Partial<Record<keyof Values, string>> = {
  taxId: 'clients.taxIdHelp',
  taxReasonCode: 'clients.taxReasonCodeHelp',
  registrationNumber: 'clients.registrationNumberHelp',
};

/** Full width in the two-column dialog. */
const WIDE = new Set<keyof Values>(['legalName', 'registeredAddress']);

/** Empty optional fields are stored as null. */
function toInput(values: Values) {
  const entries = FIELDS.map((name) => [name, values[name].trim() || null] as const);
  return Object.fromEntries(entries) as Record<keyof Values, string | null> & { legalName: string };
}

export default function ClientsPage() {
  const { t, i18n } = useTranslation();
  const create = useGraphQLMutation(CreateClientDocument, ['Company']);
  const update = useGraphQLMutation(UpdateClientDocument, ['Company']);
  const remove = useGraphQLMutation(DeleteClientDocument, ['Company']);
  const similar = useSimilarCompanyCheck();
  return (
    <>
      <ReferenceTable<Client & { name: string }, ClientOrderBy>
        testId="clients-table"
        title="titles.clients"
        addLabel="clients.add"
        deleteQuestion="clients.deleteQuestion"
        searchFields={['legalName', 'shortName', 'taxId']}
        columns={[
          { field: 'legalName', header: 'clients.legalName', sortKey: 'LEGAL_NAME', kind: 'text' },
          { field: 'shortName', header: 'clients.shortName', sortKey: 'SHORT_NAME' },
          {
            field: 'country',
            kind: 'name',
            // "Великобритания", the longest country name of one word, on one line.
            width: 132,
            header: 'clients.country',
            format: (row) => countryName(row.country, i18n.language),
          },
          { field: 'taxId', kind: 'short', header: 'clients.taxId', sortKey: 'TAX_ID' },
          { field: 'taxReasonCode', kind: 'short', header: 'clients.taxReasonCode' },
        ]}
        useRows={referenceRows(
          AllClientsDocument,
          ['Company'],
          (data) => data.allClients,
          (row) => ({ ...row, name: row.legalName }),
        )}
        toolbarExtra={<ReferenceExchange kind="clients" />}
        onSetArchived={(row, isArchived) =>
          update.mutateAsync({ id: row.id, patch: { isArchived } })
        }
        onDelete={(row) =>
          deleteNamingDependents(t, 'clients', row.id, () => remove.mutateAsync({ id: row.id }))
        }
        renderDialog={({ open, row, onClose }) => (
          <FormDialog<Values>
            open={open}
            testId="client-dialog"
            maxWidth="md"
            title={row ? 'clients.edit' : 'clients.create'}
            initialValues={
              Object.fromEntries(FIELDS.map((name) => [name, row?.[name] ?? ''])) as Values
            }
            schema={schema}
            onClose={onClose}
            onSubmit={async (values) => {
              const input = toInput(values);
              if (row) return update.mutateAsync({ id: row.id, patch: input });
              await similar.confirmCreation(input.legalName, input.taxId);
              return create.mutateAsync({ client: input });
            }}
          >
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              {FIELDS.map((name) => (
                <Box key={name} sx={WIDE.has(name) ? { gridColumn: '1 / -1' } : undefined}>
                  {name === 'country' ? (
                    <CountryInput name={name} label="clients.country" />
                  ) : (
                    <TextInput
                      name={name}
                      label={`clients.${name}`}
                      helper={HELP[name]}
                      required={name === 'legalName'}
                    />
                  )}
                </Box>
              ))}
            </Box>
          </FormDialog>
        )}
      />
      {similar.dialog}
    </>
  );
}
