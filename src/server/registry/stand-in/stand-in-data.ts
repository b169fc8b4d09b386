/**
 * The data a stand-in registry serves. Dates are days relative to the moment of the request, so
 * demo and test projects never go stale; the HAL documents are rendered from this in
 * `hal-documents.ts`.
 */

/** How a person takes part in a project, with the registry's own (Croatian) role names. */
export type StandInRole = 'voditelj' | 'suradnik' | 'voditelj na ustanovi';

export interface StandInPerson {
  persId: number;
  oib: string;
  firstName: string;
  lastName: string;
  /** Scientist's registry number (MBZ); null for people who have none. */
  mbz: string | null;
  email: string;
  institution: string;
}

export interface StandInMember {
  persId: number;
  role: StandInRole;
  /** Overrides the person's email on this project; the registry may join several with ';'. */
  email?: string;
  /** The registry marks unconfirmed participation with verified "false". Default true. */
  verified?: boolean;
}

export interface StandInProject {
  id: number;
  code: string;
  type: string;
  title: string;
  titleEn?: string;
  summary: string;
  startDays: number;
  endDays: number;
  finance: string[];
  institutes: { class: string; name: string }[];
  members: StandInMember[];
  /** Project-level verification flag (default true). */
  verified?: boolean;
}

export interface StandInData {
  people: StandInPerson[];
  projects: StandInProject[];
}

const DAY_MS = 86_400_000;

/** `dd.MM.yyyy` of the UTC day `days` away from `now`, as the registry writes dates. */
export function registryDate(now: Date, days: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + Math.round(days) * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}
