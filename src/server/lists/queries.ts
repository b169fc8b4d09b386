/**
 * The only module that names the tables of lists/ (list_cache, list_row_changes, table_changes, table_versions): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
