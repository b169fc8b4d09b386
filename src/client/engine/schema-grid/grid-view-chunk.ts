/**
 * AG Grid's chunk (the largest the portal has), asked for once: by a grid page's route as the app
 * opens on it (app/routes.tsx), or at the latest when a grid's code runs (grid-body.tsx), so it
 * arrives alongside the page's rows instead of after them. A failed early load is tried again.
 */
const loadGridView = () => import(/* webpackChunkName: "schema-grid" */ './grid-view');

let loading: ReturnType<typeof loadGridView> | undefined;

/** Starts loading AG Grid's chunk, once. */
export function preloadGridView(): void {
  if (loading) return;
  loading = loadGridView();
  loading.catch(() => undefined);
}

/** The chunk's module: the early load's, or a new try if that one failed. */
export function gridViewModule(): ReturnType<typeof loadGridView> {
  preloadGridView();
  return (loading as ReturnType<typeof loadGridView>).catch(loadGridView);
}
