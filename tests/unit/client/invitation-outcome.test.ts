import { invitationOutcome, invitationSettled } from '../../../src/client/features/invitation/invitation-outcome';
import hr from '../../../src/client/i18n/hr.json';

const refused = (message: string) => invitationOutcome({ ok: false, message });
const text = (message: string) => hr.invitation.outcome[refused(message).text];

describe('invitation acceptance outcome', () => {
  it('joins on success', () => {
    expect(invitationOutcome({ ok: true })).toEqual({ joined: true, text: 'success' });
    expect(hr.invitation.outcome.success).toBe('Prijava uspješna, preusmjeravanje...');
  });

  it('matches the server messages case-insensitively', () => {
    expect(text('newbie - Invitation code already used')).toBe('Prijava neuspješna: Pozivni kod je iskorišten');
    expect(text('newbie - INVITATION CODE EXPIRED')).toBe('Prijava neuspješna: Pozivni kod je istekao');
    expect(text('newbie - User newbie already assigned to project')).toBe('Već jeste sudionik pozvanog projekta');
    expect(refused('newbie - Invitation for foreign collaborators that must authn via eduGAIN').text).toBe('foreignOnly');
    expect(refused('foreign - Invitation for local collaborators').text).toBe('localOnly');
    expect(refused('x - Lead CroRIS project').text).toBe('registryLead');
    expect(refused('x - Associate CroRIS project').text).toBe('registryAssociate');
    expect(refused('x - User CroRIS project').text).toBe('registryProject');
    expect(refused('x - User institute project').text).toBe('instituteProject');
  });

  it('treats a duplicate membership as success with its own banner', () => {
    expect(refused('x - Invitations problem: IntegrityError(duplicate key value violates unique constraint)')).toEqual({
      joined: true,
      text: 'alreadyCollaborator',
    });
    expect(hr.invitation.outcome.alreadyCollaborator).toBe('Već jeste suradnik na pozvanom projektu');
  });

  it('falls back to the generic failure', () => {
    expect(refused('x - something else')).toEqual({ joined: false, text: 'failed' });
    expect(refused('')).toEqual({ joined: false, text: 'failed' });
    expect(hr.invitation.outcome.failed).toBe('Prijava neuspješna');
  });

  it('keeps the stored key only when another try could succeed', () => {
    expect(invitationSettled(invitationOutcome({ ok: true }), 201)).toBe(true);
    expect(invitationSettled(refused('Invitation code expired'), 404)).toBe(true);
    expect(invitationSettled(refused(''), 500)).toBe(false);
    expect(invitationSettled(refused(''), null)).toBe(false);
  });
});

describe('invitation outcome in Croatian', () => {
  it('reads the Croatian server messages the same way as the English ones', () => {
    expect(invitationOutcome({ ok: false, message: 'newbie - Pozivni kod je iskorišten' }).text).toBe('used');
    expect(invitationOutcome({ ok: false, message: 'newbie - Pozivni kod je istekao' }).text).toBe('expired');
    expect(invitationOutcome({ ok: false, message: 'newbie - Voditelj projekta otkazao je pozivnicu' }).text).toBe('cancelled');
    expect(invitationOutcome({ ok: false, message: 'newbie - Invitation was cancelled by the project lead' }).text).toBe('cancelled');
    expect(invitationOutcome({ ok: false, message: 'foreign - Poziv je namijenjen domaćim suradnicima' }).text).toBe('localOnly');
    expect(invitationOutcome({ ok: false, message: 'x - Korisnik x već je član projekta' }).text).toBe('alreadyMember');
    expect(invitationOutcome({ ok: false, message: 'x - Problem s pozivnicom: korisnik je već član projekta u toj ulozi (duplicate key "m")' })).toEqual({ joined: true, text: 'alreadyCollaborator' });
  });
});
