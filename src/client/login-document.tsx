/** The login document (see `login.tsx`), evaluated once the schema set is loaded. */
import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Session } from '@generated';
import { SESSION_CHECK } from './api/first-calls';
import { LoginFrame } from './app/layout/login-frame';
import { documentTitle } from './app/use-route-title';
import { LoginCard } from './features/auth/login-card';
import { currentLocale, loadI18n } from './i18n/i18n';
import { renderRoot } from './shared/render-root';
import { yieldToMain } from './shared/yield-to-main';

/**
 * The session check, asked as the app asks it (same address, mode and credentials), so the answer
 * index.html preloads is the one used. Undefined when it fails: the card is shown all the same.
 */
async function readSession(): Promise<Session | undefined> {
  try {
    const response = await fetch(`/${SESSION_CHECK}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    return response.ok ? ((await response.json()) as Session) : undefined;
  } catch {
    return undefined;
  }
}

function LoginDocument({ session }: { session: Session | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n.language);
  useEffect(() => {
    document.title = documentTitle(locale, t('titles.login'));
  }, [locale, t]);
  return (
    <LoginFrame>
      <LoginCard session={session} />
    </LoginFrame>
  );
}

/** Renders the login card, or for a visitor signed in meanwhile loads the page again (the app lands them). */
export async function start(): Promise<void> {
  const [session, i18n] = await Promise.all([readSession(), loadI18n()]);
  if (session?.active) {
    window.location.replace(window.location.href);
    return;
  }
  await yieldToMain();
  renderRoot(
    'login.html',
    <I18nextProvider i18n={i18n}>
      <LoginDocument session={session} />
    </I18nextProvider>,
  );
}
