import { Header, List } from 'semantic-ui-react';
import type { RegistryProject } from '@generated';

/** A titled list of registry projects with their dates. */
export function ProjectList({ title, projects }: { title: string; projects: readonly RegistryProject[] }) {
  if (projects.length === 0) return null;
  return (
    <>
      <Header as="h4">{title}</Header>
      <List bulleted>
        {projects.map((p) => (
          <List.Item key={p.croris_id}>
            {p.title} <span className="muted">({[p.start, p.end].filter(Boolean).join(' – ')})</span>
          </List.Item>
        ))}
      </List>
    </>
  );
}
