import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables';
import { verifyPassword } from '../../src/server/users/passwords';
import { createSession } from '../../src/server/sessions/sessions';
import { UserAdminError, createLocalUser, listUsers, updateLocalUser } from '../../src/server/users/user-admin';
import { parseUserAdminArgs, runUserAdmin } from '../../scripts/user-admin';
import { openTestDatabase } from '../../harness/test-database';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});

afterEach(async () => {
  await db.deleteFrom('users').execute();
});

afterAll(() => close());

function userNamed(username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

async function sessionsOf(userId: number): Promise<number> {
  return (await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;
}

describe('createLocalUser', () => {
  it('creates an account that signs in with its password', async () => {
    await createLocalUser(db, {
      username: 'pjuric',
      password: 'dugaLozinka1',
      firstName: 'Petra',
      lastName: 'Jurić',
      email: 'pjuric@srce.hr',
      institution: 'Sveučilišni računski centar',
      oib: '15533913660',
      uniqueid: 'pjuric@srce.hr',
      superuser: true,
    });
    const user = await userNamed('pjuric');
    expect(user).toMatchObject({
      first_name: 'Petra',
      last_name: 'Jurić',
      person_mail: 'pjuric@srce.hr',
      person_institution: 'Sveučilišni računski centar',
      person_oib: '15533913660',
      person_uniqueid: 'pjuric@srce.hr',
      person_type: 'local',
      is_superuser: true,
      is_staff: false,
      is_active: true,
      status: false,
    });
    await expect(verifyPassword('dugaLozinka1', user.password_hash)).resolves.toBe(true);
  });

  it('marks a foreign staff account', async () => {
    const user = await createLocalUser(db, { username: 'jdoe', password: 'x', staff: true, foreign: true });
    expect(user).toMatchObject({ is_staff: true, person_type: 'foreign' });
  });

  it('refuses a username that is taken', async () => {
    await createLocalUser(db, { username: 'ana', password: 'x' });
    await expect(createLocalUser(db, { username: 'ana', password: 'y' })).rejects.toThrow(new UserAdminError('user "ana" already exists'));
  });

  it('refuses a missing password, a missing username, a bad OIB and a bad e-mail', async () => {
    await expect(createLocalUser(db, { username: 'ana', password: '' })).rejects.toThrow('--password is required');
    await expect(createLocalUser(db, { username: '', password: 'x' })).rejects.toThrow('--username is required');
    await expect(createLocalUser(db, { username: 'ana', password: 'x', oib: '1234' })).rejects.toThrow('OIB must be 11 digits');
    await expect(createLocalUser(db, { username: 'ana', password: 'x', email: 'ana.fer.hr' })).rejects.toThrow('is not an e-mail address');
    expect(await listUsers(db)).toEqual([]);
  });
});

describe('updateLocalUser', () => {
  it('changes flags and fields and reports what it changed', async () => {
    await createLocalUser(db, { username: 'ana', password: 'x' });
    const { user, changed } = await updateLocalUser(db, 'ana', { staff: true, email: 'ahorvat@fer.hr', firstName: 'Ana', status: true });
    expect(user).toMatchObject({ is_staff: true, person_mail: 'ahorvat@fer.hr', first_name: 'Ana', status: true });
    expect(changed.sort()).toEqual(['email', 'firstName', 'staff', 'status']);
  });

  it('sets a new password and ends the sessions of the account', async () => {
    const { id } = await createLocalUser(db, { username: 'ana', password: 'old' });
    await createSession(db, id, 1);
    await updateLocalUser(db, 'ana', { password: 'new' });
    await expect(verifyPassword('new', (await userNamed('ana')).password_hash)).resolves.toBe(true);
    expect(await sessionsOf(id)).toBe(0);
  });

  it('switching an account off ends its sessions', async () => {
    const { id } = await createLocalUser(db, { username: 'ana', password: 'x' });
    await createSession(db, id, 1);
    await updateLocalUser(db, 'ana', { active: false });
    expect((await userNamed('ana')).is_active).toBe(false);
    expect(await sessionsOf(id)).toBe(0);
  });

  it('refuses an unknown user, an empty change and an empty password', async () => {
    await expect(updateLocalUser(db, 'nobody', { staff: true })).rejects.toThrow('no user "nobody"');
    await createLocalUser(db, { username: 'ana', password: 'x' });
    await expect(updateLocalUser(db, 'ana', {})).rejects.toThrow('nothing to update');
    await expect(updateLocalUser(db, 'ana', { password: '' })).rejects.toThrow('--password is required');
  });
});

describe('listUsers', () => {
  it('lists every account by username', async () => {
    await createLocalUser(db, { username: 'zoran', password: 'x', staff: true });
    await createLocalUser(db, { username: 'ana', password: 'x', firstName: 'Ana', lastName: 'Horvat' });
    const users = await listUsers(db);
    expect(users.map((u) => u.username)).toEqual(['ana', 'zoran']);
    expect(users[0]).toMatchObject({ name: 'Ana Horvat', staff: false, hasPassword: true, personType: 'local' });
    expect(users[1].staff).toBe(true);
  });
});

describe('the user-admin command line', () => {
  it('parses create with its flags', () => {
    expect(parseUserAdminArgs(['create', '--username', 'ana', '--password', 'x', '--staff', '--first-name', 'Ana'])).toEqual({
      name: 'create',
      user: expect.objectContaining({ username: 'ana', password: 'x', staff: true, firstName: 'Ana' }),
    });
  });

  it('parses the true/false switches of update', () => {
    const command = parseUserAdminArgs(['update', '--username', 'ana', '--staff', 'false', '--active', 'true']);
    expect(command).toMatchObject({ name: 'update', username: 'ana', changes: { staff: false, active: true } });
  });

  it('refuses a switch that is not true or false', () => {
    expect(() => parseUserAdminArgs(['update', '--username', 'ana', '--staff', 'maybe'])).toThrow(
      new UserAdminError('--staff takes true or false, got "maybe"'),
    );
  });

  it('refuses unknown commands, unknown options and no command', () => {
    expect(() => parseUserAdminArgs(['delete', '--username', 'ana'])).toThrow('unknown command "delete"');
    expect(() => parseUserAdminArgs(['create', '--username', 'ana', '--colour', 'red'])).toThrow(UserAdminError);
    expect(() => parseUserAdminArgs([])).toThrow('missing command');
  });

  it('runs create, update and list and says what it did', async () => {
    const run = (...argv: string[]) => runUserAdmin(db, parseUserAdminArgs(argv));
    await expect(run('create', '--username', 'ana', '--password', 'x', '--superuser')).resolves.toEqual([
      expect.stringMatching(/^created user "ana" \(id \d+, superuser, local\)$/),
    ]);
    await expect(run('update', '--username', 'ana', '--staff', 'true')).resolves.toEqual([expect.stringMatching(/updated user "ana".*: staff$/)]);
    const listed = await run('list');
    expect(listed[0]).toMatch(/ana .*superuser,staff/);
    expect(listed.at(-1)).toBe('1 user(s)');
  });
});
