import { Link } from 'react-router';
import { Button, Card, Label } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { RegistryCollaborator, RegistryProject } from '@generated';
import { TypeBadge } from '@/client/engine/renderers';
import { leadInstitute } from './registry-prefill';

/** One registry project the user leads: title, code, period, lead institution, people; Select or a badge. */
export function RegistryProjectCard({
  project,
  selectPath,
  collaborators,
  submitted,
}: {
  project: RegistryProject;
  selectPath: string;
  collaborators: readonly RegistryCollaborator[];
  submitted: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card fluid className="registry-card" data-testid={`registry-project-${project.croris_id}`}>
      <Card.Content>
        {submitted && (
          <Label color="green" size="small" className="submitted-badge" icon="check" content={t('requests.alreadySubmitted')} />
        )}
        <Card.Header>{project.title}</Card.Header>
        <Card.Meta>
          {t('requests.code')}: {project.identifier ?? '—'} · {t('requests.period')}: {project.start ?? '?'} – {project.end ?? '?'}
        </Card.Meta>
        <Card.Description>
          <div>
            {t('requests.leadInstitute')}: {leadInstitute(project) ?? '—'}
          </div>
          {(project.finance?.length ?? 0) > 0 && (
            <div className="registry-finance">
              {t('requests.funders')}: {project.finance?.join(', ')} <TypeBadge type="research-croris" finance={project.finance} />
            </div>
          )}
          {collaborators.length > 0 && (
            <div>
              {t('requests.collaborators')}: {collaborators.map((c) => `${c.first_name} ${c.last_name}`).join(', ')}
            </div>
          )}
        </Card.Description>
      </Card.Content>
      {!submitted && (
        <Card.Content extra textAlign="right">
          <Button as={Link} to={selectPath} primary content={t('requests.select')} />
        </Card.Content>
      )}
    </Card>
  );
}
