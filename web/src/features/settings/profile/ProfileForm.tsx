import { Avatar, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ApiError } from '../../../api/client.ts';
import { uploadFiles } from '../../../api/storage.ts';
import { api } from '../../../app/services.ts';
import { TextInput } from '../../../components/form/TextInput.tsx';
import { useAvatarUrl } from '../avatar.ts';
import { FormStatusAlert, type FormStatus } from './FormStatus.tsx';

export interface ProfileValues {
  username: string;
  firstName: string;
  lastName: string;
  additionalName: string;
}

const schema = yup.object({
  username: yup.string().trim().required('validation.required'),
  firstName: yup.string().trim().required('validation.required'),
  lastName: yup.string().trim().required('validation.required'),
  additionalName: yup.string().trim().default(''),
});

/**
 * A user's profile, for oneself (settings) or by an administrator (/admin/users/{id}): photo,
 * username (changed only by an administrator), names. Saving the names or the photo says so.
 */
export function ProfileForm(props: {
  user: ProfileValues & { avatarFileId?: string | null; displayName?: string | null };
  title: string;
  testId: string;
  usernameEditable: boolean;
  /** i18n key of the text once saved. */
  savedText: string;
  save: (values: ProfileValues) => Promise<unknown>;
  setAvatar: (fileId: string | null) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { user } = props;
  const [status, setStatus] = useState<FormStatus>({});
  const avatarUrl = useAvatarUrl(user.avatarFileId ?? undefined);
  const run = async (work: () => Promise<unknown>, ok: string) => {
    setStatus({});
    try {
      await work();
      setStatus({ ok });
    } catch (error) {
      setStatus({ error });
    }
  };
  const onAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void run(async () => {
      const [fileId] = await uploadFiles(api, [file]);
      if (typeof fileId !== 'string')
        throw new ApiError('http', 'FileIdNotReceived', 'File id not received');
      await props.setAvatar(fileId);
    }, 'records.avatarSaved');
  };
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" gutterBottom>
        {t(props.title)}
      </Typography>
      <Formik<ProfileValues>
        initialValues={{
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          additionalName: user.additionalName,
        }}
        enableReinitialize
        validationSchema={schema}
        onSubmit={(values) =>
          run(
            () =>
              props.save({
                username: values.username.trim(),
                firstName: values.firstName.trim(),
                lastName: values.lastName.trim(),
                additionalName: values.additionalName.trim(),
              }),
            props.savedText,
          )
        }
      >
        {({ isSubmitting }) => (
          <Stack component={Form} spacing={2} noValidate data-testid={props.testId}>
            <FormStatusAlert status={status} />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar
                src={avatarUrl}
                alt={t('settings.avatarOf', { name: user.displayName ?? user.username })}
                sx={{ width: 64, height: 64 }}
              >
                {user.firstName[0]}
              </Avatar>
              <Button component="label" variant="outlined">
                {t('settings.uploadAvatar')}
                <input
                  hidden
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={onAvatar}
                />
              </Button>
              {user.avatarFileId && (
                <Button
                  onClick={() => void run(() => props.setAvatar(null), 'records.avatarSaved')}
                >
                  {t('settings.removeAvatar')}
                </Button>
              )}
            </Stack>
            <TextInput
              name="username"
              label="login.username"
              disabled={!props.usernameEditable}
              required={props.usernameEditable}
            />
            <TextInput name="firstName" label="resources.users.fields.first_name" required />
            <TextInput name="lastName" label="resources.users.fields.last_name" required />
            <TextInput name="additionalName" label="resources.users.fields.additional_name" />
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('common.save')}
              </Button>
            </Box>
          </Stack>
        )}
      </Formik>
    </Paper>
  );
}
