import { createContext } from 'react';
import type { ReadinessSectionProps } from './readiness-section';

/*
 * The readiness sections' source, apart from the section itself: the app's frame provides it on
 * every page, so this module stays light (the section and its styles load with the pages using it).
 */

/** What the app's readiness source gives for one project: its answer and the re-send of an invitation. */
export type ProjectReadinessSource = Omit<ReadinessSectionProps, 'canResend'>;

/**
 * A hook that reads one project's readiness by identifier. The engine imports no API, so the app
 * provides it; the value must stay the same function for the app's lifetime (it is called as a hook).
 */
export type UseProjectReadiness = (identifier: string) => ProjectReadinessSource;

export const ProjectReadinessContext = createContext<UseProjectReadiness | null>(null);
