/**
 * The only module that names the tables of schema-live/ (schema_sets, schema_drafts, schema_bases, shown_formats): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
