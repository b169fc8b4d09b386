/**
 * The only module that names the tables of software/ (science_software): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
