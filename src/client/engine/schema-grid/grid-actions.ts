import { createContext, type ComponentType } from 'react';

/** A row action a page hands to its grid (delete, …), drawn by the `action` cell renderer. */
export type GridAction = ComponentType<{ row: unknown }>;

/** The page's row actions by name; the layout's `params.action` picks one. */
export const GridActionsContext = createContext<Readonly<Record<string, GridAction>>>({});
