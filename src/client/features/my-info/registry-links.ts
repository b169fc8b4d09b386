/** Public pages of the research registry (CroRIS) the portal links to. */
export const registryLinks = {
  person: (crorisId: number | string): string => `https://www.croris.hr/osobe/profil/${crorisId}/`,
  project: (crorisId: number | string): string => `https://www.croris.hr/projekti/projekt/${crorisId}`,
} as const;
