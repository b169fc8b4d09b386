import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../pages/not-found-page';

/** Renders its children only when every named route param is all digits (route paths cannot say so). */
export function NumericParams({ names, children }: { names: readonly string[]; children: ReactNode }) {
  const params = useParams();
  const valid = names.every((name) => /^\d+$/.test(params[name] ?? ''));
  return valid ? <>{children}</> : <NotFoundPage />;
}
