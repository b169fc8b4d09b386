import { Header } from 'semantic-ui-react';
import type { RegistryProject } from '@generated';
import { SimpleList, SimpleListItem } from '@/client/shared/simple-list';

/** A titled list of registry projects with their dates. */
export function ProjectList({ title, projects }: { title: string; projects: readonly RegistryProject[] }) {
  if (projects.length === 0) return null;
  return (
    <>
      <Header as="h4">{title}</Header>
      <SimpleList bulleted>
        {projects.map((p) => (
          <SimpleListItem key={p.croris_id}>
            {p.title} <span className="muted">({[p.start, p.end].filter(Boolean).join(' – ')})</span>
          </SimpleListItem>
        ))}
      </SimpleList>
    </>
  );
}
