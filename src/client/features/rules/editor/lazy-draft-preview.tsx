import { lazy, Suspense, useState } from 'react';
import { Loader } from 'semantic-ui-react';
import { useNearViewport } from '@/client/shared/use-near-viewport';
import type { DraftPreviewProps } from './draft-preview-panel';

/**
 * The preview and what it draws with (the request forms' code; a grid's AG Grid, only once a grid is
 * chosen) load once its place is about to be seen, not with the editor's first screen.
 */
const DraftPreviewPanel = lazy(() => import(/* webpackChunkName: "rules-preview" */ './draft-preview-panel'));

/** One viewport's height above and below: someone scrolling down finds the preview drawn. */
const PREVIEW_VIEW_MARGIN = '100% 0px 100% 0px';

/** {@link DraftPreviewPanel}, loaded as its place nears the viewport. */
export function LazyDraftPreview(props: DraftPreviewProps) {
  const [place, setPlace] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(place, PREVIEW_VIEW_MARGIN);
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
