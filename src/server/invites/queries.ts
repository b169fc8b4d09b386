/**
 * The only module that names the tables of invites/ (invites, invite_sends, cancelled_invites): the questions its services, and
 * other rooms', ask of them. Joins may read other rooms' tables.
 */
