import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@generated';
import { TextField } from './text-field';

type Failure = 'failed' | 'tooManyAttempts' | 'unavailable';

function failureOf(status: number): Failure {
  if (status === 401 || status === 400) return 'failed';
  if (status === 429) return 'tooManyAttempts';
  return 'unavailable';
}

/**
 * POST /auth/login/ with the browser's own fetch: the form is on the login document, which loads
 * without the app's API layer. Null when signed in, else why not.
 */
async function signIn(body: LoginBody, csrfToken: string | undefined, language: string): Promise<Failure | null> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': language };
  if (csrfToken) headers['X-CSRFToken'] = csrfToken;
  try {
    const response = await fetch('/auth/login/', { method: 'POST', credentials: 'same-origin', headers, body: JSON.stringify(body) });
    return response.ok ? null : failureOf(response.status);
  } catch {
    return 'unavailable';
  }
}

/**
 * Username and password login. On success the page is loaded again: with the new session the
 * server sends the app, whose login route lands the user (`login-page.tsx`). Written in
 * semantic-ui's form markup rather than its React components to keep the login JS small.
 */
export function LoginForm({ csrfToken }: { csrfToken: string | undefined }) {
  const { t, i18n } = useTranslation();
  const [isLoading, setLoading] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!username.trim() || !password) return;
    setLoading(true);
    const failed = await signIn({ username: username.trim(), password }, csrfToken, i18n.language);
    if (failed) {
      setFailure(failed);
      setLoading(false);
    } else {
      // Stays busy until the app has replaced the page.
      window.location.replace(window.location.href);
    }
  };

  return (
    <form className={`ui form login-form${failure ? ' error' : ''}`} noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id="username"
        label={t('login.username')}
        value={username}
        onChange={setUsername}
        autoComplete="username"
        icon="user"
        error={submitted && !username.trim() ? t('login.required') : undefined}
      />
      <TextField
        id="password"
        type="password"
        label={t('login.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        icon="lock"
        error={submitted && !password ? t('login.required') : undefined}
      />
      {failure ? (
        <div className="ui error message" role="alert" data-testid="login-error">
          {t(`login.${failure}`)}
        </div>
      ) : null}
      <button type="submit" className={`ui fluid large brand button${isLoading ? ' loading' : ''}`} disabled={isLoading}>
        {t('login.submit')}
      </button>
    </form>
  );
}
