import { lazy, Suspense } from 'react';
import { Loader } from 'semantic-ui-react';
import { useTranslation } from 'react-i18next';
import type { SchemaFormProps } from './schema-form';

export type { SchemaFormProps } from './schema-form';

/** RJSF, ajv and the request schemas load with the first form, never with the shell. */
const SchemaForm = lazy(() => import(/* webpackChunkName: "schema-form" */ './schema-form'));

/** {@link SchemaForm} loaded on demand, with a loader while its chunk arrives. */
export function LazySchemaForm(props: SchemaFormProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Loader active inline="centered" content={t('requests.loadingForm')} />}>
      <SchemaForm {...props} />
    </Suspense>
  );
}
