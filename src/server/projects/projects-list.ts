/**
 * GET projects/all: the staff grids' list (schemas/api/projects-list.json), built by PostgreSQL in
 * one statement as one JSON text — only the fields the layouts tables/projects.json and
 * tables/requests.json show, filter and link; of each member only the name, the username the
 * person popover loads the rest by when it opens, and the status its link depends on.
 * Nothing is parsed or re-serialised in Node; the full project stays with the detail call. A page
 * of the list (services/grid-pages) builds its rows with the same expressions. The statement and
 * its fragments are the projects' and memberships' list queries (queries-list.ts, queries-lists.ts).
 */
import type { DatabaseHandle } from '@/server/db/handle';
import { JSON_AGG_SEPARATOR, type LiveListSpec } from '../lists/list-upkeep';
import { projectListRows } from './queries-list';


/** projects/all as a live list (services/live-lists): rows re-read by the projects a change names or its users are on. */
export function projectsLiveList(db: DatabaseHandle): LiveListSpec {
  return { name: 'projects-all', separator: JSON_AGG_SEPARATOR, rows: async (touched) => projectListRows(db, touched) };
}
