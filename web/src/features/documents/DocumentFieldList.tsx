import { Box, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatMoney } from '../../components/format.ts';
import { formatDay } from './document-format.ts';
import type { DocumentDetails } from './document-parts.tsx';

/** Every field of a document as a list of labels and values; an empty value shows a dash. */
export function DocumentFieldList({ document: doc }: { document: DocumentDetails }) {
  const { t, i18n } = useTranslation();
  // The database's display name (users_display_name, SPEC §3).
  const people = (nodes: ({ user: { displayName?: string | null } | null } | null)[]) =>
    nodes
      .map((node) => node?.user?.displayName)
      .filter(Boolean)
      .join(', ');
  const day = (value: string | null) => formatDay(value, i18n.language);
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(160px, 220px) 1fr)' },
          columnGap: 2,
          rowGap: 1,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <Field label={t('resources.documents.fields.contractor_id')} testId="field-contractor">
          {doc.contractor?.legalName}
        </Field>
        <Field label={t('resources.documents.fields.principal_id')} testId="field-principal">
          {doc.principal && (
            <Link component={RouterLink} to={`/subsidiaries/${doc.principal.id}`}>
              {doc.principal.legalName}
            </Link>
          )}
        </Field>
        <Field label={t('resources.clients.name')}>{doc.client?.legalName}</Field>
        <Field label={t('resources.services.name')}>{doc.service?.name}</Field>
        <Field label={t('resources.fields.amount')} testId="field-amount">
          {formatMoney(doc.amount, i18n.language, doc.currency ?? undefined)}
        </Field>
        <Field label={t('resources.documents.fields.email')}>{doc.email}</Field>
        <Field
          label={t('resources.documents.fields.contract_number')}
          testId="field-contract-number"
        >
          {doc.contractNumber}
        </Field>
        <Field label={t('resources.documents.fields.terminated_on')}>{day(doc.terminatedOn)}</Field>
        <Field label={t('resources.documents.fields.signing_date')} testId="field-signing">
          {day(doc.signingDate)}
        </Field>
        <Field label={t('resources.documents.fields.expiration_date')} testId="field-expiration">
          {day(doc.expirationDate)}
        </Field>
        <Field label={t('resources.documents.fields.expiration_conditions')}>
          {doc.expirationConditions}
        </Field>
        <Field label={t('documents.extendsContract')}>
          {t(doc.expirationExtendsContract ? 'common.yes' : 'common.no')}
        </Field>
        <Field label={t('resources.fields.description')}>{doc.description}</Field>
        <Field label={t('resources.documents.fields.comments')}>{doc.comments}</Field>
        <Field label={t('documents.readers')} testId="field-readers">
          {people(doc.documentReaders.nodes)}
        </Field>
        <Field label={t('documents.editors')} testId="field-editors">
          {people(doc.documentEditors.nodes)}
        </Field>
        <Field label={t('resources.documents.fields.created_by')}>
          {[doc.userByCreatedBy?.displayName, formatDateTime(doc.createdAt, i18n.language)]
            .filter(Boolean)
            .join(', ')}
        </Field>
        <Field label={t('resources.documents.fields.updated_at')}>
          {formatDateTime(doc.updatedAt, i18n.language)}
        </Field>
      </Box>
    </Paper>
  );
}

function Field(props: { label: string; children?: ReactNode; testId?: string }) {
  const empty = props.children === undefined || props.children === null || props.children === '';
  return (
    <>
      <Typography component="dt" variant="body2">
        {props.label}
      </Typography>
      <Typography component="dd" variant="body2" data-testid={props.testId}>
        {empty ? '—' : props.children}
      </Typography>
    </>
  );
}
