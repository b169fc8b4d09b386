import { createContext, useContext } from 'react';

/**
 * The person fields the popover shows (a membership's user). A list that carries only the names
 * leaves institution, affiliation and e-mail out; the popover then loads them when it opens.
 */
export interface PopoverPerson {
  username: string;
  first_name: string;
  last_name: string;
  person_institution?: string;
  person_affiliation?: string;
  person_mail?: string;
  status?: boolean;
}

/** What a lookup of one person by username gives while it runs and after. */
export interface PersonLookupResult {
  person?: PopoverPerson;
  loading: boolean;
  failed: boolean;
}

/**
 * A hook that loads a person's popover fields by username. The staff lists carry only names
 * (schemas/api/projects-list.json), so the app provides one that reads the staff user call; the
 * value must stay the same function for the app's lifetime (it is called as a hook).
 */
export type UsePersonLookup = (username: string) => PersonLookupResult;

export const PersonLookupContext = createContext<UsePersonLookup | null>(null);

/** The app's person lookup, or null when none is provided (the popover then shows what it was given). */
export function usePersonLookupHook(): UsePersonLookup | null {
  return useContext(PersonLookupContext);
}
