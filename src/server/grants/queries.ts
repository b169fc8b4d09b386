/**
 * The only module that names the tables of grants/ (project_grants, grant_warnings): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
