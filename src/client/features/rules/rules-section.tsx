import type { ReactNode } from 'react';
import { Header } from 'semantic-ui-react';

/** One section of the rules page: a heading, a line of explanation where it needs one, its content. */
export function RulesSection({ id, heading, intro, children }: { id: string; heading: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="rules-section" aria-labelledby={`rules-${id}`} data-section={id}>
      <Header as="h2" size="medium" id={`rules-${id}`}>
        {heading}
      </Header>
      {intro && <p className="rules-intro">{intro}</p>}
      {children}
    </section>
  );
}
