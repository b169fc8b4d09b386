/**
 * The only module that names the tables of mail/ (outbox, mail_digests, digest_items, project_mail_mutes): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
