import { query } from '../openapi/route-shape';

/** The `project` query parameter of the usage, grant and efficiency answers (routes/accounting.ts, routes/grants.ts). */
export const PROJECT_PARAM = 'A project identifier (staff: any; a lead: one they lead).';

/** The query string of the three usage answers. */
export const USAGE_QUERY = query({
  year: 'A year (yyyy) to show instead of the range.',
  range: 'The months shown: one of the ranges of rules/constants.json.',
  project: PROJECT_PARAM,
});
