import { lazy, Suspense, useState } from 'react';
import { Loader } from 'semantic-ui-react';
import { NEAR_VIEW_MARGIN, useNearViewport } from '@/client/shared/use-near-viewport';
import type { DraftPreviewProps } from './draft-preview-panel';

/**
 * The preview and what it draws with (the request forms' code; a grid's AG Grid, only once a grid is
 * chosen) load once its place is about to be seen, not with the editor's first screen.
 */
const DraftPreviewPanel = lazy(() => import(/* webpackChunkName: "rules-preview" */ './draft-preview-panel'));

/** {@link DraftPreviewPanel}, loaded as its place nears the viewport. */
export function LazyDraftPreview(props: DraftPreviewProps) {
  const [place, setPlace] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(place, NEAR_VIEW_MARGIN);
  return (
    <div ref={setPlace} className={near ? 'rules-preview-place' : 'rules-preview-place waiting'}>
      {near && (
        <Suspense fallback={<Loader active inline="centered" />}>
          <DraftPreviewPanel {...props} />
        </Suspense>
      )}
    </div>
  );
}
