/**
 * The only module that names the tables of import-current/ (import_map, import_runs, and the current portal's tables it reads): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
