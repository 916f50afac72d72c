import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useField, useFormikContext } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentParentCandidatesDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import type { DocumentFormValues } from './document-values.ts';

interface ParentOption {
  id: string;
  name: string;
  contractNumber?: string | null;
  contractor?: { legalName: string } | null;
}

/**
 * The parent of an amendment or an order: searched among the documents it may be under (the
 * database's document_parent_candidates: a live contract of the same contractor and principal),
 * each shown with its number and contractor.
 */
export function ParentField(props: { documentId?: string; parentName?: string }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<DocumentFormValues>();
  const [field, meta, helpers] = useField<string>('contractReference');
  const [typed, setTyped] = useState('');
  const candidates = useGraphQLQuery(
    DocumentParentCandidatesDocument,
    {
      childType: values.type,
      contractorId: values.contractorId || null,
      principalId: values.principalId || null,
      search: typed.trim() || null,
      documentId: props.documentId ?? null,
    },
    { reads: ['Document'] },
    { placeholderData: keepPreviousData },
  );
  const options = (candidates.data?.documentParentCandidates?.nodes ?? []).filter(
    (node): node is NonNullable<typeof node> => node !== null,
  ) as ParentOption[];
  const value: ParentOption | null = field.value
    ? (options.find((option) => option.id === field.value) ?? {
        id: field.value,
        name: props.parentName ?? field.value,
      })
    : null;
  const label = (option: ParentOption) =>
    [option.name, option.contractNumber && `№ ${option.contractNumber}`]
      .filter(Boolean)
      .join(' · ');
  return (
    <Autocomplete<ParentOption>
      options={options}
      value={value}
      filterOptions={(list) => list}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={label}
      onInputChange={(_event, text, reason) => reason === 'input' && setTyped(text)}
      onChange={(_event, option) => {
        setTyped('');
        void helpers.setValue(option?.id ?? '');
      }}
      noOptionsText={t('documentHierarchy.noParentCandidates')}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps as typeof optionProps & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{label(option)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {option.contractor?.legalName ?? t('documentHierarchy.noContractor')}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('documents.parent')}
          error={Boolean(meta.touched && meta.error)}
          helperText={t('documentHierarchy.parentHelp')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'parent-select' },
          }}
        />
      )}
      fullWidth
    />
  );
}
