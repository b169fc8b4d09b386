/**
 * The only module that names the tables of sessions/ (sessions, login_attempts): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
