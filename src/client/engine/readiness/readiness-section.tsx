import { useTranslation } from 'react-i18next';
import { Button, Header, Icon, Loader, Message, Segment, Table } from 'semantic-ui-react';
import type { MemberReadinessAnswer, MemberReadinessAnswerEntry } from '@generated';
import { formatDateTime } from '../format';
import { useLocaleText } from '../locale-text';
import { isApiError } from '@/client/shared/api-error';
import { useToast } from '@/client/shared/toast/use-toast';
import './readiness.css';

export interface ReadinessSectionProps {
  data?: MemberReadinessAnswer;
  isLoading: boolean;
  isError: boolean;
  /** Re-send buttons are offered (the project's lead or staff, on an active project). */
  canResend: boolean;
  busy: boolean;
  /** Re-sends an invitation; the section tells the user how it went. */
  resend: (inviteId: number) => Promise<unknown>;
}

const nameOf = (p: MemberReadinessAnswerEntry) => `${p.first_name} ${p.last_name}`.trim();

/** Where one person stands: invited (and re-sent) or joined. */
function StatusCell({ person }: { person: MemberReadinessAnswerEntry }) {
  const { t } = useTranslation();
  if (person.kind === 'invite')
    return (
      <>
        <div>{t('readiness.invited', { date: formatDateTime(person.invitedAt) })}</div>
        {person.resent && <div className="readiness-detail">{t('readiness.resentOn', { date: formatDateTime(person.sentAt) })}</div>}
      </>
    );
  return <div>{t('readiness.joined', { date: formatDateTime(person.joinedAt) })}</div>;
}

/**
 * The readiness of a project's members and pending invitations (rules/member-readiness.json via
 * GET projects/:identifier/readiness): status, sign-in, key, account, cluster username and the
 * single next step, with a re-send button for a stale invitation. Stacks into cards on phones.
 */
export function ReadinessSection({ data, isLoading, isError, canResend, busy, resend }: ReadinessSectionProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const onResend = async (inviteId: number, email: string) => {
    try {
      await resend(inviteId);
      toast.success(t('readiness.resent', { email }));
    } catch (error) {
      toast.error(t('readiness.resendFailed', { error: isApiError(error) ? error.message : String(error) }));
    }
  };
  const text = useLocaleText();
  const dash = t('readiness.none');
  return (
    <Segment data-testid="readiness" className="readiness-section">
      <Header as="h2" size="small">
        {t('readiness.heading')}
      </Header>
      <p className="readiness-intro">{t('readiness.intro')}</p>
      {isLoading && <Loader active inline="centered" />}
      {isError && <Message negative content={t('readiness.loadFailed')} />}
      {data && data.people.length === 0 && <p className="empty-text">{t('readiness.empty')}</p>}
      {data && data.people.length > 0 && (
        <Table compact celled className="readiness-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t('readiness.person')}</Table.HeaderCell>
              <Table.HeaderCell>{t('readiness.status')}</Table.HeaderCell>
              <Table.HeaderCell>{t('readiness.signIn')}</Table.HeaderCell>
              <Table.HeaderCell>{t('readiness.key')}</Table.HeaderCell>
              <Table.HeaderCell>{t('readiness.account')}</Table.HeaderCell>
              <Table.HeaderCell>{t('readiness.clusterUsername')}</Table.HeaderCell>
              <Table.HeaderCell>{t('readiness.next')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.people.map((p) => {
              const member = p.kind === 'member';
              return (
                <Table.Row key={`${p.kind}-${p.userId ?? p.inviteId}`} data-readiness={p.username ?? p.email} data-step={p.step} warning={p.stuck}>
                  <Table.Cell>
                    {member && <div className="readiness-name">{nameOf(p)}</div>}
                    <div className="readiness-detail readiness-email">{p.email}</div>
                  </Table.Cell>
                  <Table.Cell>
                    <StatusCell person={p} />
                  </Table.Cell>
                  <Table.Cell>
                    {member && p.signIn ? (
                      <>
                        <div>{t(`readiness.signInVia.${p.signIn}`)}</div>
                        <div className="readiness-detail">
                          {p.lastLogin ? t('readiness.lastLogin', { date: formatDateTime(p.lastLogin) }) : t('readiness.neverSignedIn')}
                        </div>
                      </>
                    ) : (
                      dash
                    )}
                  </Table.Cell>
                  <Table.Cell data-cell="key">{member ? (p.sshKeys > 0 ? t('readiness.keys', { count: p.sshKeys }) : t('readiness.noKey')) : dash}</Table.Cell>
                  <Table.Cell>{member ? (p.accountActive ? t('readiness.active') : t('readiness.inactive')) : dash}</Table.Cell>
                  <Table.Cell>{member && p.clusterUsername ? <code>{p.clusterUsername}</code> : dash}</Table.Cell>
                  <Table.Cell data-cell="next">
                    <span className="readiness-step">
                      <Icon
                        aria-hidden="true"
                        name={p.step === 'ready' ? 'check circle' : p.stuck ? 'warning sign' : 'hourglass half'}
                        color={p.step === 'ready' ? 'green' : p.stuck ? 'orange' : 'grey'}
                      />
                      {text(p.text)}
                    </span>
                    {canResend && p.resend && p.inviteId !== null && (
                      <Button
                        type="button"
                        size="tiny"
                        basic
                        className="readiness-resend"
                        disabled={busy}
                        aria-label={t('readiness.resendLabel', { email: p.email })}
                        onClick={() => void onResend(p.inviteId!, p.email)}
                      >
                        <Icon name="redo" aria-hidden="true" />
                        {t('readiness.resend')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table>
      )}
    </Segment>
  );
}
