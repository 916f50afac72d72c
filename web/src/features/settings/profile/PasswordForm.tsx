import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { PasswordInput } from '../../../components/form/PasswordInput.tsx';
import { newPasswordSchema } from '../password-rules.ts';
import { FormStatusAlert, type FormStatus } from './FormStatus.tsx';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/**
 * A new password, twice (SPEC §5 rules for a quick message; the server checks again): one's own
 * (the current one asked first) or another user's set by an administrator.
 */
export function PasswordForm(props: {
  /** One's own password: the current one is asked for. */
  own: boolean;
  title: string;
  testId: string;
  /** i18n keys: the new password's label, the button, the text once changed. */
  labels: { newPassword: string; repeatPassword: string; submit: string; done: string };
  /** The new password's field name ("newPassword" in settings, "password" for an admin). */
  newName: 'newPassword' | 'password';
  change: (values: { oldPassword: string; newPassword: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FormStatus>({});
  const { newName } = props;
  const schema = yup.object({
    oldPassword: props.own ? yup.string().required('validation.required') : yup.string(),
    [newName]: newPasswordSchema,
    repeatPassword: yup
      .string()
      .required('validation.required')
      .oneOf([yup.ref(newName)], 'validation.passwordsDiffer'),
  });
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" gutterBottom>
        {t(props.title)}
      </Typography>
      <Formik<Record<keyof PasswordValues | 'password', string>>
        initialValues={{ oldPassword: '', newPassword: '', password: '', repeatPassword: '' }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          setStatus({});
          try {
            await props.change({ oldPassword: values.oldPassword, newPassword: values[newName] });
            helpers.resetForm();
            setStatus({ ok: props.labels.done });
          } catch (error) {
            setStatus({ error });
          }
        }}
      >
        {({ isSubmitting }) => (
          <Stack component={Form} spacing={2} noValidate data-testid={props.testId}>
            <FormStatusAlert status={status} />
            {props.own && (
              <PasswordInput
                name="oldPassword"
                label="settings.oldPassword"
                autoComplete="current-password"
              />
            )}
            <PasswordInput
              name={newName}
              label={props.labels.newPassword}
              autoComplete="new-password"
            />
            <PasswordInput
              name="repeatPassword"
              label={props.labels.repeatPassword}
              autoComplete="new-password"
            />
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t(props.labels.submit)}
              </Button>
            </Box>
          </Stack>
        )}
      </Formik>
    </Paper>
  );
}
