import { createContext, useContext } from 'react';

/** The groups of a user that the route table's access groups ask about. */
export interface UserGroups {
  isStaffOrSuperuser: boolean;
  accountingEnabled: boolean;
}

/** Whether a user of these groups may open a /ui path: the page exists and its group is theirs. */
export type MayOpen = (path: string, user: UserGroups) => boolean;

/**
 * The app's answer to "may this user open that path", read from its route table. Features take it
 * from here rather than from the app, which imports them.
 */
export const MayOpenContext = createContext<MayOpen | null>(null);

/** The app's path check, or null when none is provided (every path then counts as open). */
export function useMayOpen(): MayOpen | null {
  return useContext(MayOpenContext);
}
