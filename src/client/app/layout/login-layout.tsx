import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingPage } from '../pages/loading-page';
import { LoginFrame } from './login-frame';

/** The login frame around the app's signed-out pages. */
export function LoginLayout() {
  return (
    <LoginFrame>
      <Suspense fallback={<LoadingPage />}>
        <Outlet />
      </Suspense>
    </LoginFrame>
  );
}
