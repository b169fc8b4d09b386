import type { ReactNode } from 'react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';

/**
 * Semantic UI's list as the markup semantic-ui-react's `List` draws, without its component (about
 * 5 KB gzip, and the frame's user card put it on every page): a list of short items, bulleted or
 * not, optionally smaller.
 */
export function SimpleList({ bulleted, small, children }: { bulleted?: boolean; small?: boolean; children: ReactNode }) {
  return (
    <div role="list" className={['ui', small && 'small', bulleted && 'bulleted', 'list'].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}

/** One item of a `SimpleList`; with `icon`, the icon before the content, as Semantic lays them out. */
export function SimpleListItem({ icon, children }: { icon?: SemanticICONS; children: ReactNode }) {
  return (
    <div role="listitem" className="item">
      {icon ? (
        <>
          <Icon name={icon} />
          <div className="content">{children}</div>
        </>
      ) : (
        children
      )}
    </div>
  );
}
