import { useTranslation } from 'react-i18next';
import { Header, Icon, Loader, Message, Segment, type SemanticICONS } from 'semantic-ui-react';
import type { PersonName, ProjectTimeline as Timeline, ProjectTimelineEvent } from '@generated';
import { formatDateTime } from '../format';
import { useRoleLabel } from '../people/use-role-label';
import { useStateLabel } from '../renderers/state-icon';
import { valueText } from './timeline-text';
import './project-timeline.css';

const ICONS: Record<ProjectTimelineEvent['kind'], SemanticICONS> = {
  submitted: 'paper plane outline',
  approved: 'check circle outline',
  denied: 'times circle outline',
  comment: 'comment outline',
  changed: 'edit outline',
  extensionRequested: 'calendar plus outline',
  extensionApproved: 'calendar check outline',
  extensionDenied: 'calendar times outline',
  memberJoined: 'user plus',
  memberLeft: 'user times',
};

const fullName = (person: PersonName | null | undefined) => (person ? `${person.first_name} ${person.last_name}`.trim() : '');

/** One event: what happened, who did it and when, and for an edit what changed. */
function TimelineEvent({ event }: { event: ProjectTimelineEvent }) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const roleLabel = useRoleLabel();
  const words = { none: t('timeline.none'), yes: t('common.yes'), no: t('common.no') };
  const date = event.dateEnd ? valueText(event.dateEnd, words) : '';
  const summary =
    event.kind === 'changed' && event.stateFrom
      ? t('timeline.event.stateChanged', { from: stateLabel(event.stateFrom), to: stateLabel(event.stateTo ?? '') })
      : event.kind === 'memberJoined'
        ? t('timeline.event.memberJoined', { name: fullName(event.member), role: roleLabel(event.role ?? '') })
        : event.kind === 'memberLeft'
          ? t('timeline.event.memberLeft', { name: fullName(event.member) })
          : t(`timeline.event.${event.kind}`, { date });
  const who = event.automatic ? t('timeline.system') : fullName(event.who);
  return (
    <li className={`timeline-event timeline-${event.kind}`} data-kind={event.kind}>
      <Icon name={ICONS[event.kind]} className="timeline-icon" />
      <div className="timeline-body">
        <div className="timeline-summary">
          <strong>{summary}</strong>
          {event.automatic && <span className="timeline-automatic"> ({t('timeline.automatic')})</span>}
        </div>
        <div className="timeline-meta">
          <time dateTime={event.date}>{formatDateTime(event.date)}</time>
          {who && <span> · {t('timeline.by', { name: who })}</span>}
        </div>
        {event.comment && <blockquote className="timeline-comment">{event.comment}</blockquote>}
        {event.changes && event.changes.length > 0 && (
          <ul className="timeline-changes">
            {event.changes.map((c) => (
              <li key={c.field}>
                {t('timeline.change', {
                  field: t(`timeline.fields.${c.field}`, { defaultValue: c.field }),
                  previous: valueText(c.previous, words),
                  next: valueText(c.next, words),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * The project's history (GET projects/{identifier}/timeline), oldest first: shown to the lead on
 * the membership page and to staff on the processing screen, which pass in the query's state.
 */
export function ProjectTimeline({ data, isLoading, isError }: { data?: Timeline; isLoading: boolean; isError: boolean }) {
  const { t } = useTranslation();
  return (
    <Segment className="project-timeline" data-section="timeline">
      <Header as="h3">{t('timeline.title')}</Header>
      {isLoading && <Loader active inline="centered" />}
      {isError && <Message warning content={t('timeline.loadFailed')} />}
      {data && data.events.length === 0 && <p>{t('timeline.empty')}</p>}
      {data && data.events.length > 0 && (
        <ol className="timeline-list">
          {data.events.map((event, index) => (
            <TimelineEvent key={`${event.kind}-${event.date}-${index}`} event={event} />
          ))}
        </ol>
      )}
    </Segment>
  );
}
