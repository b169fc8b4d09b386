/**
 * The only module that names the tables of registry/ (registry_snapshots): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
