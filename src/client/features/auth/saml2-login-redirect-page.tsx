import { Navigate } from 'react-router';
import { useSessionQuery } from '@/client/api/session';
import { paths } from '@/schema-runtime/pages';
import { LandingRedirect } from './landing-redirect';

/** Where the federated sign-in returns: logged in → landing page, otherwise back to the login page. */
export default function Saml2LoginRedirectPage() {
  const { data: session } = useSessionQuery();
  if (session?.active) return <LandingRedirect session={session} />;
  return <Navigate to={paths.login.href} replace />;
}
