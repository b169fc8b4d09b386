/**
 * The live data some custom fields show (the installed-software list), provided by the app at
 * start: the engine does not import the API layer, the app hands it the hooks.
 */
export interface FieldData {
  /** The installed applications the software picker offers. */
  useInstalledSoftware(): { data?: readonly { name: string }[]; isFetching: boolean };
}

let provided: FieldData | undefined;

/** Called once by the app before the first form renders (and by component tests). */
export function provideFieldData(data: FieldData): void {
  provided = data;
}

/** The provided data hooks. @throws when a field renders before the app provided them. */
export function fieldData(): FieldData {
  if (!provided) throw new Error('provideFieldData() was not called before a form rendered');
  return provided;
}
