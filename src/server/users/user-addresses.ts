/**
 * A user's e-mail addresses from the columns that hold them: `person_mail` may hold several,
 * separated by `;` (the current portal's format; a `,` is read the same), and the registry's
 * `croris_mail` one more. Lower-cased, trimmed, each once, in the order written.
 */
export function addressesIn(...columns: (string | null | undefined)[]): string[] {
  return [
    ...new Set(
      columns
        .flatMap((value) => (value ?? '').split(/[;,]/))
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
