import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/client/api/api-error';
import { useLoginMutation } from '@/client/api/auth';
import { TextField } from './text-field';

type Failure = 'failed' | 'tooManyAttempts' | 'unavailable';

function failureOf(error: unknown): Failure {
  if (!isApiError(error)) return 'unavailable';
  if (error.status === 401 || error.status === 400) return 'failed';
  if (error.status === 429) return 'tooManyAttempts';
  return 'unavailable';
}

/**
 * Username and password login. On success the session is re-read and the login page moves on.
 * Written in semantic-ui's form markup rather than its React components to keep the login JS small.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const [login, { isLoading }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!username.trim() || !password) return;
    try {
      await login({ username: username.trim(), password }).unwrap();
    } catch (error) {
      setFailure(failureOf(error));
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
