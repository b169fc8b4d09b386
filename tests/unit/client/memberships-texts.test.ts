import hr from '../../../src/client/i18n/hr.json';

describe('memberships, invitation and key texts', () => {
  it('are the spec\'s exact Croatian toasts (point 8)', () => {
    expect(hr.memberships.invite.sent).toBe('Pozivnice su uspješno poslane');
    expect(hr.memberships.invite.sendFailed).toBe('Pozivnice nije bilo moguće poslati: {{error}}');
    expect(hr.memberships.signOff.done).toBe('Suradnici su uspješno odjavljeni');
    expect(hr.memberships.signOff.failed).toBe('Suradnike nije bilo moguće odjaviti: {{error}}');
    expect(hr.memberships.pending.done).toBe('Pozivnica uspješno otkazana');
    expect(hr.memberships.pending.failed).toBe('Pozivnicu nije bilo moguće otkazati: {{error}}');
    expect(hr.memberships.internal.done).toBe('Suradnici su uspješno dodani');
    expect(hr.memberships.internal.failed).toBe('Suradnike nije bilo moguće dodati: {{error}}');
    expect(hr.memberships.internal.already).toBe('Neki suradnici su već dodani na projekt: {{error}}');
    expect(hr.publicKeys.added).toBe('Javni ključ uspješno dodan');
    expect(hr.publicKeys.addFailed).toBe('Javni ključ nije bilo moguće dodati: {{error}}');
    expect(hr.publicKeys.deleted).toBe('Javni ključ uspješno izbrisan');
    expect(hr.publicKeys.deleteFailed).toBe('Javni ključ nije bilo moguće izbrisati: {{error}}');
  });

  it('are the spec\'s exact Croatian notices (points 2, 5)', () => {
    expect(hr.memberships.invite.inactive).toBe('Projekt nije aktivan pa nije moguće pozivati suradnike');
    expect(hr.memberships.signOff.inactive).toBe('Projekt nije aktivan pa nije moguće odjavljivati suradnike');
    expect(hr.memberships.internal.inactive).toBe('Projekt nije aktivan pa nije moguće dodati suradnike');
    expect(hr.memberships.invite.fileInvalid).toBe(
      'Datoteku nije moguće pročitati. Svaka linija datoteke bi trebala sadržavati jednu ispravnu email adresu.',
    );
    expect(hr.memberships.empty).toBe('Nemate prijavljenih sudjelovanja na odobrenim projektima');
    expect(hr.publicKeys.empty).toBe('Nemate javnih ključeva dodanih');
    expect(hr.publicKeys.add).toBe('Dodaj javni ključ');
    expect(hr.publicKeys.fetchFailed).toBe('Error fetching SSHKeys data');
    expect(hr.myInfo.noRegistry).toBe('Nema podataka iz sustava CroRIS');
    expect(hr.invitation.outcome.used).toBe('Prijava neuspješna: Pozivni kod je iskorišten');
    expect(hr.invitation.outcome.expired).toBe('Prijava neuspješna: Pozivni kod je istekao');
    expect(hr.invitation.outcome.alreadyMember).toBe('Već jeste sudionik pozvanog projekta');
  });
});
