/**
 * The only module that names the tables of keys/ (ssh_keys): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
