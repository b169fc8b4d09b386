import { useSessionQuery } from '@/client/api/session';
import { LandingRedirect } from './landing-redirect';
import { LoginCard } from './login-card';

/**
 * /ui/login in the app: a logged-in visitor is sent on to their landing page (the server sends the
 * app for this address only to them), anyone else gets the login card, as on the login document
 * (the address reached from within the app: after logout, from a page that needs a login).
 */
export default function LoginPage() {
  const { data: session } = useSessionQuery();
  if (session?.active) return <LandingRedirect session={session} />;
  return <LoginCard session={session} />;
}
