import { Box, Chip, Stack, Typography } from '@mui/material';
import { useField, useFormikContext } from 'formik';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import type { DocumentFormValues, Person } from './document-values.ts';

/** Readers or editors: picked one by one with the users search, shown as removable chips. */
export function PeopleField(props: {
  list: 'readers' | 'editors';
  pick: 'readerPick' | 'editorPick';
  label: string;
}) {
  const { t } = useTranslation();
  const [list, , listHelpers] = useField<Person[]>(props.list);
  const [pick, , pickHelpers] = useField<string>(props.pick);
  const { values } = useFormikContext<DocumentFormValues>();
  // The users search keeps only the id; its label is what the search showed, taken from the
  // option list through the chosen value (kept for the chip).
  useEffect(() => {
    if (!pick.value) return;
    if (!list.value.some((person) => person.id === pick.value)) {
      const label = document.querySelector<HTMLInputElement>(`input[name="${props.pick}"]`)?.value;
      void listHelpers.setValue([...list.value, { id: pick.value, label: label || pick.value }]);
    }
    void pickHelpers.setValue('');
  }, [pick.value]);
  return (
    <Box data-testid={`people-${props.list}`}>
      <SearchInput
        name={props.pick}
        label={props.label}
        kind="user"
        key={values[props.list].length}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {list.value.map((person) => (
          <Chip
            key={person.id}
            label={person.label}
            onDelete={() =>
              void listHelpers.setValue(list.value.filter((other) => other.id !== person.id))
            }
          />
        ))}
        {list.value.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('documents.form.nobody')}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
