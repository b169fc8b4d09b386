import { useSyncExternalStore } from 'react';
import { schemaSetVersion, subscribeSchemaSet } from './schema-docs';

/**
 * Which schema set the page holds, as React state: a component that calls it re-renders (and is not
 * remounted) when another set goes live. Use it as a dependency of what is memoised from the set.
 */
export function useSchemaSetVersion(): number {
  return useSyncExternalStore(subscribeSchemaSet, schemaSetVersion);
}
