import { Header, Segment, Table } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { PortalProject } from '@/client/api/projects';
import { CopyButton, TypeBadge } from '@/client/engine/renderers';
import { formatDate } from '@/client/engine/format';
import { PersonPopover } from '@/client/engine/people/person-popover';
import { SCHEMA_IDS } from '@/schema-runtime/schema-ids';
import { scienceDomainsOf } from '@/schema-runtime/science-domains';
import { currentLocale } from '@/client/i18n/i18n';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';

/** Roles in vocabulary order: the lead first, then collaborators. */
const roleOrder = perSchemaSet(() => schemas.vocabulary(SCHEMA_IDS.roles).map((r) => r.value));
/** Domain and field names in both languages by stored value (rules/science-domains.json). */
const scienceNames = perSchemaSet(
  () => new Map(scienceDomainsOf(schemas).flatMap((d) => [[d.value, d.label] as const, ...d.fields.map((f) => [f.value, f.label] as const)])),
);
/** The registry's class of the lead institution. */

/** General facts: code, type, usage period, lead institution, members with popovers, domains. */
export function GeneralSummary({ project }: { project: PortalProject }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n.language);
  // The names of today's rules in the interface language; a stored label (or the value) otherwise.
  const scienceName = (name: { value: unknown; label?: string }) => scienceNames().get(String(name.value))?.[lang] ?? name.label ?? String(name.value);
  const members = [...(project.userproject_set ?? [])].sort((a, b) => roleOrder().indexOf(a.role.name) - roleOrder().indexOf(b.role.name));
  const leadInstitute = project.croris_institute?.find((i) => i.class === schemas.constants.leadInstituteClass)?.name ?? project.institute;
  return (
    <Segment className="general-summary">
      <Header as="h3">{t('processing.sections.general')}</Header>
      <Table compact basic="very" definition>
        <Table.Body>
          <Table.Row>
            <Table.Cell width={4}>{t('processing.fields.code')}</Table.Cell>
            <Table.Cell>
              <code data-testid="project-code">{project.identifier}</code> <CopyButton value={project.identifier} what="projectCode" />
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('processing.fields.type')}</Table.Cell>
            <Table.Cell>
              <TypeBadge type={project.project_type.name} finance={project.croris_finance} />
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('processing.fields.period')}</Table.Cell>
            <Table.Cell>
              {formatDate(project.date_start)} – {formatDate(project.date_end)}
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('processing.fields.leadInstitute')}</Table.Cell>
            <Table.Cell>{leadInstitute}</Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('processing.fields.users')}</Table.Cell>
            <Table.Cell className="processing-people">
              {members.map((m) => (
                <PersonPopover key={m.user.username} person={m.user} lead={m.role.name === roleOrder()[0]} />
              ))}
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('processing.fields.domains')}</Table.Cell>
            <Table.Cell>
              {(project.science_field ?? []).map((d) => (
                <div key={String(d.name.value)}>
                  <strong>
                    {scienceName(d.name)} {d.percent}%
                  </strong>
                  : {d.scientificfields.map((f) => `${scienceName(f.name)} ${f.percent}%`).join(', ')}
                </div>
              ))}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table>
    </Segment>
  );
}
