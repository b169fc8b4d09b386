import { useTranslation } from 'react-i18next';
import { Button, Header, Loader, Message, Segment, Table } from 'semantic-ui-react';
import type { MySession } from '@generated';
import { isApiError } from '@/client/api/api-error';
import { useEndMySessionMutation, useEndOtherSessionsMutation, useMySessionsQuery } from '@/client/api/my-sessions';
import { formatDateTime } from '@/client/engine/format';
import { paths } from '@/schema-runtime/pages';
import { useToast } from '@/client/shared/toast/use-toast';

/** "Firefox 133, Windows", or what of it is known. */
function browserText(session: MySession, unknown: string): string {
  return [session.browser, session.system].filter(Boolean).join(', ') || unknown;
}

/**
 * The sessions of my-info (docs/decisions/0621-sessions-idle-and-listed.md): every live session
 * of the user with when it started and was last used, its browser and address, "end this" on each
 * and "end all others". Ending this browser's own session signs out.
 */
export function MySessions() {
  const { t } = useTranslation();
  const toast = useToast();
  const { data, isLoading, isError } = useMySessionsQuery();
  const [endOne, { isLoading: ending }] = useEndMySessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const failed = (error: unknown) => toast.error(t('myInfo.sessions.endFailed', { error: isApiError(error) ? error.message : String(error) }));
  const end = async (session: MySession) => {
    try {
      const answer = await endOne(session.id).unwrap();
      if (answer.currentEnded) window.location.assign(paths.login.href);
      else toast.success(t('myInfo.sessions.ended'));
    } catch (error) {
      failed(error);
    }
  };
  const endAllOthers = async () => {
    try {
      const answer = await endOthers().unwrap();
      toast.success(t('myInfo.sessions.othersEnded', { count: answer.ended }));
    } catch (error) {
      failed(error);
    }
  };
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Segment data-testid="my-sessions">
      <Header as="h2" size="medium">
        {t('myInfo.sessions.heading')}
      </Header>
      <p>{t('myInfo.sessions.intro')}</p>
      {isLoading && <Loader active inline="centered" />}
      {isError && <Message negative content={t('myInfo.sessions.loadFailed')} />}
      {data && (
        <Table celled compact unstackable>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t('myInfo.sessions.browser')}</Table.HeaderCell>
              <Table.HeaderCell>{t('myInfo.sessions.address')}</Table.HeaderCell>
              <Table.HeaderCell>{t('myInfo.sessions.started')}</Table.HeaderCell>
              <Table.HeaderCell>{t('myInfo.sessions.lastUsed')}</Table.HeaderCell>
              <Table.HeaderCell>{t('myInfo.sessions.actions')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sessions.map((session) => (
              <Table.Row key={session.id} data-testid="my-session" data-current={session.current}>
                <Table.Cell>
                  {browserText(session, t('myInfo.sessions.unknownBrowser'))}
                  {session.current && <strong> ({t('myInfo.sessions.thisOne')})</strong>}
                </Table.Cell>
                <Table.Cell>{session.address || t('myInfo.sessions.unknownAddress')}</Table.Cell>
                <Table.Cell>
                  <time dateTime={session.started}>{formatDateTime(session.started)}</time>
                </Table.Cell>
                <Table.Cell>
                  <time dateTime={session.lastUsed}>{formatDateTime(session.lastUsed)}</time>
                </Table.Cell>
                <Table.Cell>
                  <Button
                    type="button"
                    size="small"
                    basic
                    disabled={ending}
                    onClick={() => void end(session)}
                    aria-label={t(session.current ? 'myInfo.sessions.endThisOneLabel' : 'myInfo.sessions.endLabel', { browser: browserText(session, t('myInfo.sessions.unknownBrowser')) })}
                  >
                    {t(session.current ? 'myInfo.sessions.endThisOne' : 'myInfo.sessions.end')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {data && (
        <Button type="button" color="red" basic disabled={others === 0 || endingOthers} loading={endingOthers} onClick={() => void endAllOthers()} data-testid="end-other-sessions">
          {t('myInfo.sessions.endOthers')}
        </Button>
      )}
    </Segment>
  );
}
