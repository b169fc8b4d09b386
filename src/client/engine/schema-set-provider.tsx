import { createContext, useContext, type ReactNode } from 'react';
import { currentCatalog, type SchemaCatalog } from '@/client/shared/schema-set';

/** The catalog given by the nearest provider; none means the set in use. */
const SchemaSetContext = createContext<SchemaCatalog | undefined>(undefined);

/**
 * Makes what is drawn inside it read its vocabularies and constants (state names and icons, project
 * type badges, filter choices, page sizes) from `catalog` instead of the set in use: the rules
 * editor's preview draws a grid with a draft's. Pass a catalog built once per set of documents.
 */
export function SchemaSetProvider({ catalog, children }: { catalog: SchemaCatalog; children: ReactNode }) {
  return <SchemaSetContext.Provider value={catalog}>{children}</SchemaSetContext.Provider>;
}

/**
 * The catalog a component reads its vocabularies and constants from: the nearest
 * {@link SchemaSetProvider}'s, else the set in use (the same object until another set goes live).
 */
export function useSchemaCatalog(): SchemaCatalog {
  return useContext(SchemaSetContext) ?? currentCatalog();
}

/**
 * Wraps a value derived from a catalog (a vocabulary as a map) so that it is built once per
 * catalog: the set in use and a draft each get their own. Call the returned function with the
 * catalog where the value is used; without one it reads the set in use (code that runs outside
 * rendering, or a caller that was given none).
 */
export function perCatalog<T>(build: (catalog: SchemaCatalog) => T): (catalog?: SchemaCatalog) => T {
  const built = new WeakMap<SchemaCatalog, T>();
  return (catalog = currentCatalog()) => {
    if (!built.has(catalog)) built.set(catalog, build(catalog));
    return built.get(catalog) as T;
  };
}
