import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as yup from 'yup';
import { errorMessage } from '../api/errors.ts';

export interface FormField {
  name: string;
  /** i18n key of the label. */
  label: string;
  helper?: string;
  /** In a two-column dialog, the field takes the whole row. */
  wide?: boolean;
  /** Shown but not editable (e.g. the key of the record being edited). */
  disabled?: boolean;
}

interface FormDialogProps<V extends Record<string, string>> {
  open: boolean;
  /** i18n key of the title. */
  title: string;
  fields: FormField[];
  initialValues: V;
  schema: yup.ObjectSchema<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  testId: string;
  /** Two columns for a long form (the dialog widens). */
  columns?: 1 | 2;
}

/** A create or edit dialog: formik + yup for a quick message; the database has the last word. */
export function FormDialog<V extends Record<string, string>>(props: FormDialogProps<V>) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>();
  const form = useFormik<V>({
    initialValues: props.initialValues,
    validationSchema: props.schema,
    enableReinitialize: true,
    onSubmit: async (values) => {
      setFailure(undefined);
      try {
        await props.onSubmit(values);
        props.onClose();
      } catch (error) {
        setFailure(error);
      }
    },
  });
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth={props.columns === 2 ? 'md' : 'sm'}
    >
      <form onSubmit={form.handleSubmit} noValidate data-testid={props.testId}>
        <DialogTitle>{t(props.title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure !== undefined && <Alert severity="error">{errorMessage(t, failure)}</Alert>}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: props.columns === 2 ? '1fr 1fr' : '1fr',
              gap: 2,
              pt: 1,
            }}
          >
            {props.fields.map((field) => {
              const error = form.touched[field.name] && form.errors[field.name];
              return (
                <TextField
                  key={field.name}
                  name={field.name}
                  label={t(field.label)}
                  value={form.values[field.name]}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(error)}
                  helperText={error ? t(String(error)) : field.helper ? t(field.helper) : undefined}
                  disabled={field.disabled}
                  sx={field.wide ? { gridColumn: '1 / -1' } : undefined}
                />
              );
            })}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.isSubmitting}
            data-testid="dialog-save"
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
