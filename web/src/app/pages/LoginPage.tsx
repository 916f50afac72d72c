import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import * as yup from 'yup';
import { errorMessage } from '../../api/errors.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { SessionState } from '../../session/session-store.ts';
import { useSession } from '../../session/useSession.ts';
import { Loading, REDIRECT_MARKER, useTitle } from '../guards.tsx';
import { sessionStore } from '../services.ts';

/** Only same-site paths may be returned to after login. */
function safeFrom(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export default function LoginPage() {
  const { t } = useTranslation();
  useTitle('titles.login');
  const { state } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<unknown>();
  const from = safeFrom(params.get('from'));

  useEffect(() => {
    if (state === SessionState.NotLoaded) void sessionStore.load();
  }, [state]);

  const form = useFormik({
    initialValues: { username: '', password: '', staySignedIn: true },
    validationSchema: yup.object({
      username: yup.string().trim().required('validation.required'),
      password: yup.string().required('validation.required'),
    }),
    onSubmit: async (values) => {
      setFailure(undefined);
      try {
        await sessionStore.login(values.username.trim(), values.password, values.staySignedIn);
        sessionStorage.removeItem(REDIRECT_MARKER);
        await navigate(from, { replace: true });
      } catch (error) {
        setFailure(error);
      }
    },
  });

  if (state === SessionState.Loading) return <Loading />;
  if (state === SessionState.Authorized && !form.isSubmitting) {
    if (sessionStorage.getItem(REDIRECT_MARKER)) {
      // Sent to login while authorized: something loops. Start over signed out.
      console.warn('Redirect loop detected on the login page; logging out.');
      sessionStorage.removeItem(REDIRECT_MARKER);
      void sessionStore.logout();
      return <Loading />;
    }
    return <Navigate to={from} replace />;
  }

  const fieldError = (name: 'username' | 'password') =>
    form.touched[name] && form.errors[name] ? t(form.errors[name]) : undefined;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
      }}
    >
      <Paper component="form" onSubmit={form.handleSubmit} sx={{ p: 4, width: 380 }} noValidate>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h5" component="h1">
              {t('login.heading')}
            </Typography>
            <LanguageSwitch />
          </Stack>
          {failure !== undefined && <Alert severity="error">{errorMessage(t, failure)}</Alert>}
          <TextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            value={form.values.username}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={Boolean(fieldError('username'))}
            helperText={fieldError('username')}
          />
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            value={form.values.password}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={Boolean(fieldError('password'))}
            helperText={fieldError('password')}
          />
          <FormControlLabel
            control={
              <Checkbox
                name="staySignedIn"
                checked={form.values.staySignedIn}
                onChange={form.handleChange}
              />
            }
            label={t('login.staySignedIn')}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.isSubmitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
