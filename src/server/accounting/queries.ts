/**
 * The only module that names the tables of accounting/ (usage_jobs, usage_monthly, usage_notices): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
