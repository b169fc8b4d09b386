import { lazy, Suspense, useMemo } from 'react';
import { Header, Loader, Message, Segment } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { PortalProject } from '@/client/api/projects';
import { requestTypes } from '@/client/shared/schema-set';
import { formValuesOf } from './edited-fields';

const SchemaForm = lazy(() => import(/* webpackChunkName: "schema-form" */ '@/client/engine/schema-form/schema-form'));

/**
 * The request as its own form shows it (same schema and layout as when it was filed): general
 * fields, registry description, software and resources. Read-only until Edit; in edit mode the
 * form's button keeps the edited values for Save.
 */
export function RequestFormSection({
  project,
  editing,
  onEdited,
}: {
  project: PortalProject;
  editing: boolean;
  onEdited(data: Record<string, unknown>): void;
}) {
  const { t } = useTranslation();
  const type = requestTypes().find((r) => r.projectType === project.project_type.name) as { form?: string } | undefined;
  const initialData = useMemo(() => formValuesOf(project as unknown as Record<string, unknown>), [project]);
  const form = type?.form?.replace(/\.json$/, '');
  return (
    <Segment className="request-form-section" data-editing={editing}>
      <Header as="h3">{t('processing.sections.request')}</Header>
      {editing && <Message info size="small" content={t('processing.editHint')} />}
      {form ? (
        <Suspense fallback={<Loader active inline="centered" />}>
          <SchemaForm key={editing ? 'edit' : 'view'} form={form} initialData={initialData} disabled={!editing} asText isStaff onSubmit={onEdited} />
        </Suspense>
      ) : (
        <Message content={t('processing.noForm')} />
      )}
    </Segment>
  );
}
