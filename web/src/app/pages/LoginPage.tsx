// The sign-in page: plain elements and CSS (login.css), so that a visitor downloads no component
// library before signing in (docs/web.md "First load"). The rules are the server's; this only
// says that both fields are needed.
import {
  useEffect,
  useId,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { LANGUAGES, rememberLanguage } from '../../i18n/index.ts';
import { SessionState } from '../../session/session-store.ts';
import { useSession } from '../../session/useSession.ts';
import { preloadApplication } from '../application-chunk.ts';
import { sessionStore } from '../services.ts';
import { Loading, REDIRECT_MARKER, useTitle } from '../session-guard.tsx';
import './login.css';
import { shortcutOf } from '../../components/shortcut-keys.ts';

/** Only same-site paths may be returned to after login. */
function safeFrom(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

const EYE =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

type Field = 'username' | 'password';

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  useTitle('titles.login');
  const { state } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [values, setValues] = useState({ username: '', password: '' });
  const [staySignedIn, setStaySignedIn] = useState(true);
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    username: false,
    password: false,
  });
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const from = safeFrom(params.get('from'));

  useEffect(() => {
    if (state === SessionState.NotLoaded) void sessionStore.load();
  }, [state]);

  if (state === SessionState.Loading) return <Loading />;
  if (state === SessionState.Authorized && !submitting) {
    if (sessionStorage.getItem(REDIRECT_MARKER)) {
      // Sent to login while authorized: something loops. Start over signed out.
      console.warn('Redirect loop detected on the login page; logging out.');
      sessionStorage.removeItem(REDIRECT_MARKER);
      void sessionStore.logout();
      return <Loading />;
    }
    return <Navigate to={from} replace />;
  }

  const missing = (field: Field) =>
    field === 'username' ? !values.username.trim() : !values.password;
  const errorOf = (field: Field) =>
    touched[field] && missing(field) ? t('validation.required') : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (missing('username') || missing('password')) return;
    setFailure(undefined);
    setSubmitting(true);
    preloadApplication();
    try {
      await sessionStore.login(values.username.trim(), values.password, staySignedIn);
      sessionStorage.removeItem(REDIRECT_MARKER);
      await navigate(from, { replace: true });
    } catch (error) {
      setFailure(error);
    } finally {
      setSubmitting(false);
    }
  };

  // Ctrl+B shows or hides the password (SPEC §2 shortcuts).
  const onPasswordKey = (event: KeyboardEvent) => {
    if (shortcutOf(event) === 'togglePassword') {
      event.preventDefault();
      setVisible((shown) => !shown);
    }
  };

  const field = (name: Field, label: string, input: ReactNode) => {
    const error = errorOf(name);
    return (
      <div className="ll-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <div className="ll-input" data-invalid={Boolean(error)}>
          {input}
        </div>
        {error && (
          <span className="ll-field-error" id={`${id}-${name}-error`}>
            {error}
          </span>
        )}
      </div>
    );
  };
  const inputProps = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    required: true,
    'aria-invalid': Boolean(errorOf(name)),
    'aria-describedby': errorOf(name) ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  return (
    <main className="ll-login">
      <form className="ll-login-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="ll-login-head">
          <h1>{t('titles.login')}</h1>
          <div className="ll-languages" role="group" aria-label={t('header.language')}>
            {LANGUAGES.map((language) => (
              <button
                key={language}
                type="button"
                aria-pressed={i18n.language === language}
                data-testid={`language-${language}`}
                onClick={() => void rememberLanguage(language)}
              >
                {t(`languages.${language}`)}
              </button>
            ))}
          </div>
        </div>
        {failure !== undefined && (
          <div className="ll-alert" role="alert">
            {errorMessage(t, failure)}
          </div>
        )}
        {field(
          'username',
          t('login.username'),
          <input {...inputProps('username')} autoComplete="username" autoFocus />,
        )}
        {field(
          'password',
          t('login.password'),
          <>
            <input
              {...inputProps('password')}
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
              onKeyDown={onPasswordKey}
            />
            <button
              type="button"
              tabIndex={-1}
              aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
              onClick={() => setVisible((shown) => !shown)}
            >
              <svg
                width="24"
                height="24"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="currentColor"
              >
                <path d={visible ? EYE_OFF : EYE} />
              </svg>
            </button>
          </>,
        )}
        <label className="ll-check">
          <input
            type="checkbox"
            name="staySignedIn"
            checked={staySignedIn}
            onChange={(event) => setStaySignedIn(event.target.checked)}
          />
          {t('login.staySignedIn')}
        </label>
        <button type="submit" className="ll-submit" disabled={submitting}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
