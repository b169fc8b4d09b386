import { useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { useSchemaSetVersion } from '@/client/shared/use-schema-set-version';
import { buildRoutes } from './build-routes';
import { RouteHandleContext } from './route-handle-context';
import type { RouteHandle } from './route-types';

/*
 * Declarative routing (useRoutes) rather than a data router: the data router's loader machinery
 * costs about 16 KB gzip on every page and the portal loads data through RTK Query instead.
 */
const currentRoutes = perSchemaSet(buildRoutes);

/**
 * Renders the page for the current URL and provides its route handle to the shell. A schema set
 * that goes live rebuilds the tree (request types and their titles come from it) and re-renders
 * the page in place.
 */
export function AppRoutes() {
  useSchemaSetVersion();
  const routes = currentRoutes();
  const location = useLocation();
  const handle = useMemo(() => {
    const matches = matchRoutes(routes, location) ?? [];
    for (let i = matches.length - 1; i >= 0; i -= 1) {
      const candidate = matches[i].route.handle as RouteHandle | undefined;
      if (candidate?.title) return candidate;
    }
    return undefined;
  }, [routes, location]);
  const element = useRoutes(routes, location);
  return <RouteHandleContext.Provider value={handle}>{element}</RouteHandleContext.Provider>;
}
