import { createContext, useContext } from 'react';
import type { RouteHandle } from './route-types';

/** The deepest matched route's handle (title, access group, forced language), provided by AppRoutes. */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

export function useRouteHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}
