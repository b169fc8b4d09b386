import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Checkbox, Form, Header, Segment } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { PortalProject } from '@/client/api/projects';
import { ConfirmButton, useStateLabel } from '@/client/engine/renderers';
import { ConfirmDialog } from '@/client/shared/dialog';
import { useToast } from '@/client/shared/toast/use-toast';
import { paths } from '@/schema-runtime/pages';
import { StateSelector } from './state-selector';
import { GrantedTypesField } from './granted-types-field';
import { StaffCommentField } from './staff-comment-field';
import { allowsExtension } from '@/schema-runtime/rule-annotations';
import { checkChange, processingStates, resourceTypes } from './vocabularies';
import { changePayload, commentEnabled, emailLocked, initialForm, leadMail, processingProblem, selectState, stateOptions } from './processing-rules';
import { useSaveProcessing } from './use-save-processing';

function personName(person: { first_name: string; last_name: string } | null | undefined): string {
  return person ? `${person.first_name} ${person.last_name}` : '–';
}

/**
 * The staff controls: target state (one-hot, the initial state's staffOptions), granted resource
 * types, comment, e-mail toggle, who processed and changed it, delete / edit / save.
 */
export function ProcessingPanel({
  project,
  projectMode,
  editing,
  edited,
  onToggleEdit,
}: {
  project: PortalProject;
  projectMode: boolean;
  editing: boolean;
  edited: Record<string, unknown> | null;
  onToggleEdit(): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const stateLabel = useStateLabel();
  const initial = project.state.name;
  const [form, setForm] = useState(() => initialForm(initial, (project.staff_resources_type ?? []).map((r) => r.value)));
  const [confirming, setConfirming] = useState(false);
  const [defaulted, setDefaulted] = useState<string[]>([]);
  const { save, destroy, saving, deleting } = useSaveProcessing(project.identifier, projectMode);
  const canRequestExtension = allowsExtension(processingStates(), initial);

  const trySave = () => {
    const problem = processingProblem(form, projectMode, checkChange);
    if (problem) {
      toast.error(t(`processing.${problem}`), { sticky: problem !== 'denyNeedsComment' });
      return;
    }
    setConfirming(true);
  };

  return (
    <Segment className="processing-panel">
      <Header as="h3">{t('processing.title')}</Header>
      <p className="muted" data-testid="initial-state">
        {t('processing.initialState')}: <strong>{stateLabel(initial)}</strong>
      </p>
      <Form>
        <StateSelector
          options={stateOptions(processingStates(), initial)}
          value={form.state}
          mailFor={(state) => leadMail(selectState(form, state, initial, resourceTypes(), checkChange), initial)}
          onChange={(state) => {
            const next = selectState(form, state, initial, resourceTypes(), checkChange);
            setDefaulted(form.staffResourceTypes.length === 0 ? next.staffResourceTypes : []);
            setForm(next);
          }}
        />
        <GrantedTypesField
          value={form.staffResourceTypes}
          requested={(project.resources_type ?? []).map((r) => r.value)}
          defaulted={defaulted}
          onChange={(types) => setForm((f) => ({ ...f, staffResourceTypes: types }))}
        />
        <StaffCommentField value={form.comment} enabled={commentEnabled(form, checkChange)} onChange={(comment) => setForm((f) => ({ ...f, comment }))} />
        <Form.Field>
          <Checkbox
            toggle
            id="staff-email"
            label={t('processing.emailSend')}
            checked={form.emailSend}
            disabled={emailLocked(form)}
            onChange={(_e, d) => setForm((f) => ({ ...f, emailSend: Boolean(d.checked) }))}
          />
        </Form.Field>
      </Form>
      <p className="processing-by">
        {t('processing.processedBy')}: <strong>{personName(project.approved_by ?? project.denied_by)}</strong>
        {/* Only an approved project records later changes: no "changed by" line before there is one. */}
        {project.changed_by && (
          <>
            {' '}
            · {t('processing.changedBy')}: <strong>{personName(project.changed_by)}</strong>
          </>
        )}
      </p>
      <div className="processing-buttons">
        <ConfirmButton color="red" basic icon="trash" loading={deleting} question={t('processing.deleteConfirm', { identifier: project.identifier })} onConfirm={() => void destroy()}>
          {t('processing.delete')}
        </ConfirmButton>
        <Button type="button" basic toggle active={editing} icon="edit" content={t('processing.edit')} onClick={onToggleEdit} />
        {canRequestExtension ? (
          <Button as={Link} to={paths.extendRequest.href(project.identifier)} basic icon="calendar plus" content={t('processing.requestExtension')} />
        ) : null}
        <Button type="button" color="brown" icon="save" loading={saving} content={t('processing.save')} onClick={trySave} />
      </div>
      <ConfirmDialog
        open={confirming}
        header={t('processing.confirmHeader')}
        question={t('processing.confirmQuestion')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void save(changePayload(project.identifier, form, edited, initial, checkChange));
        }}
      />
    </Segment>
  );
}
