/**
 * The only module that names the tables of saml/ (saml_requests): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
