import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@/client/shared/api-error';
import { paths } from '@/schema-runtime/pages';

/**
 * Sends the browser to the login page when a staff fetch answers 403 (spec point 6: a 403 on
 * project, user-list or accounting fetches redirects to login).
 */
export function useForbiddenRedirect(...errors: unknown[]): void {
  const navigate = useNavigate();
  const forbidden = errors.some((error) => isApiError(error) && error.status === 403);
  useEffect(() => {
    if (forbidden) navigate(paths.login.href, { replace: true });
  }, [forbidden, navigate]);
}
