import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import { FormikProvider, useFormik, type FormikProps } from 'formik';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type * as yup from 'yup';
import { errorMessage } from '../api/errors.ts';
import { TextInput } from './form/fields.tsx';

export interface FormField {
  name: string;
  /** i18n key of the label. */
  label: string;
  helper?: string;
}

interface FormDialogProps<V extends Record<string, unknown>> {
  open: boolean;
  /** i18n key of the title. */
  title: string;
  /** Plain text fields; other fields (web/src/components/form) go in `children`. */
  fields?: FormField[];
  /** The kit's fields, in a formik form of these values (a function sees the form's state). */
  children?: ReactNode | ((form: FormikProps<V>) => ReactNode);
  maxWidth?: 'sm' | 'md' | 'lg';
  initialValues: V;
  schema: yup.ObjectSchema<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  testId: string;
  /** i18n key of the submit button when "Save" would not say what it does (e.g. "Reject"). */
  submitLabel?: string;
}

/** A create or edit dialog: formik + yup for a quick message; the database has the last word. */
export function FormDialog<V extends Record<string, unknown>>(props: FormDialogProps<V>) {
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
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth={props.maxWidth ?? 'sm'}>
      <FormikProvider value={form}>
        <form onSubmit={form.handleSubmit} noValidate data-testid={props.testId}>
          <DialogTitle>{t(props.title)}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure !== undefined && <Alert severity="error">{errorMessage(t, failure)}</Alert>}
              {props.fields?.map((field) => (
                <TextInput
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  helper={field.helper}
                />
              ))}
              {typeof props.children === 'function' ? props.children(form) : props.children}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('common.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={form.isSubmitting}
              data-testid="dialog-save"
            >
              {t(props.submitLabel ?? 'common.save')}
            </Button>
          </DialogActions>
        </form>
      </FormikProvider>
    </Dialog>
  );
}
