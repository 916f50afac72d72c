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
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type * as yup from 'yup';
import { errorMessage } from '../api/errors.ts';
import { TextInput } from './form/TextInput.tsx';
import { LeaveDialog, UnsavedChangesGuard } from './form/UnsavedChanges.tsx';

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
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  initialValues: V;
  schema: yup.ObjectSchema<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  testId: string;
  /** i18n key of the submit button when "Save" would not say what it does (e.g. "Reject"). */
  submitLabel?: string;
  /** Test id of the submit button (default `dialog-save`). */
  submitTestId?: string;
  /** A way out beside a refusal's message (e.g. "open the user" when only a later step failed). */
  failureAction?: (failure: unknown) => ReactNode;
}

/**
 * A create or edit dialog: formik + yup for a quick message; the database has the last word.
 * With changes typed, closing it by Escape or a click beside it, or leaving the page (a link,
 * Back, closing the tab), asks first; its Cancel button is the explicit way to drop them.
 */
export function FormDialog<V extends Record<string, unknown>>(props: FormDialogProps<V>) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>();
  const [asking, setAsking] = useState(false);
  const saving = useRef(false);
  const form = useFormik<V>({
    initialValues: props.initialValues,
    validationSchema: props.schema,
    enableReinitialize: true,
    onSubmit: async (values) => {
      setFailure(undefined);
      saving.current = true;
      try {
        await props.onSubmit(values);
        props.onClose();
      } catch (error) {
        setFailure(error);
      } finally {
        saving.current = false;
      }
    },
  });
  // Opened again, a dialog starts from its values (empty for create, the row for edit), not from
  // what was typed and cancelled last time: formik alone keeps them when they compare equal.
  const latest = useRef({ reset: form.resetForm, values: props.initialValues });
  latest.current = { reset: form.resetForm, values: props.initialValues };
  useEffect(() => {
    if (!props.open) return;
    latest.current.reset({ values: latest.current.values });
    setFailure(undefined);
  }, [props.open]);
  return (
    <Dialog
      open={props.open}
      onClose={() => (form.dirty ? setAsking(true) : props.onClose())}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
    >
      {/* Mounted while open only: a router keeps one blocker at a time. */}
      {props.open && (
        <UnsavedChangesGuard when={props.open && form.dirty} still={() => !saving.current} />
      )}
      <LeaveDialog
        open={asking}
        onStay={() => setAsking(false)}
        onLeave={() => {
          setAsking(false);
          props.onClose();
        }}
      />
      <FormikProvider value={form}>
        <form onSubmit={form.handleSubmit} noValidate data-testid={props.testId}>
          <DialogTitle>{t(props.title)}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure !== undefined && (
                <Alert severity="error" action={props.failureAction?.(failure)}>
                  {errorMessage(t, failure)}
                </Alert>
              )}
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
              data-testid={props.submitTestId ?? 'dialog-save'}
            >
              {t(props.submitLabel ?? 'common.save')}
            </Button>
          </DialogActions>
        </form>
      </FormikProvider>
    </Dialog>
  );
}
