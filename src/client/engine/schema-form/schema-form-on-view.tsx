import { lazy, Suspense, useState } from 'react';
import { Loader } from 'semantic-ui-react';
import { NEAR_VIEW_MARGIN, useNearViewport } from '@/client/shared/use-near-viewport';
import type { SchemaFormProps } from './lazy-schema-form';

/**
 * The form's loader itself is a group of its own ("schema-form-on-view"), asked for only here: a
 * page whose form is further down than its first screen (my info's mail preferences, on a phone)
 * loads RJSF, ajv and the schemas as the form nears the viewport, not as the page opens.
 */
const LazySchemaForm = lazy(() => import(/* webpackChunkName: "schema-form-on-view" */ './lazy-schema-form').then((m) => ({ default: m.LazySchemaForm })));

/** {@link LazySchemaForm}, loaded once its place is about to be seen; until then its place keeps `minHeight`. */
export function SchemaFormOnView({ minHeight, ...props }: SchemaFormProps & { minHeight: number }) {
  const [place, setPlace] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(place, NEAR_VIEW_MARGIN);
  return (
    <div ref={setPlace} style={{ minHeight }} data-form-drawn={near || undefined}>
      {near && (
        <Suspense fallback={<Loader active inline="centered" />}>
          <LazySchemaForm {...props} />
        </Suspense>
      )}
    </div>
  );
}
