import { rowPaths } from '../../../src/schema-runtime/row-paths';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';

const docs = loadSchemaFiles();

describe('the values a grid’s rows carry', () => {
  it('reads the projects list’s row: plain values and the values of its objects, not its lists', () => {
    const paths = rowPaths(docs, 'api/projects-list.json');
    expect(paths).toEqual(expect.arrayContaining(['identifier', 'name', 'institute', 'state.name', 'project_type.name', 'date_submitted', 'grant_used_percent']));
    expect(paths).not.toContain('userproject_set');
    expect(paths).not.toContain('state');
  });

  it('follows $ref and allOf to the entity a list’s rows are made of', () => {
    expect(rowPaths(docs, 'api/users-list.json')).toEqual(expect.arrayContaining(['person_institution', 'last_name', 'date_joined', 'n_ssh_key']));
    expect(rowPaths(docs, 'api/software-list.json')).toEqual(expect.arrayContaining(['name', 'created']));
  });

  it('offers nothing for a file that is not in the set or not a list', () => {
    expect(rowPaths(docs, 'api/nothing.json')).toEqual([]);
    expect(rowPaths(docs, 'rules/constants.json')).toEqual([]);
  });
});
