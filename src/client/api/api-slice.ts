import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import i18next from 'i18next';
import { noteSchemaSet } from '@/client/shared/schema-docs';
import { normaliseError, type ApiError } from './api-error';
import { csrfSlice } from './csrf-slice';
import { TAGS } from './tags';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function methodOf(args: string | FetchArgs): string {
  return (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'same-origin',
  prepareHeaders(headers, { getState, arg }) {
    headers.set('Accept', 'application/json');
    // The server answers its messages in the interface language (its cookie, when set, says the same).
    if (i18next.language) headers.set('Accept-Language', i18next.language);
    if (!SAFE_METHODS.has(methodOf(arg))) {
      // The server refuses every mutating call without the token of the current session (403).
      const token = csrfSlice.selectors.selectCsrfToken(getState() as { csrf: ReturnType<typeof csrfSlice.getInitialState> });
      if (token) headers.set('X-CSRFToken', token);
      // A JSON content type with an empty body is itself malformed JSON, so it goes only with a body.
      if (typeof arg !== 'string' && arg.body !== undefined) headers.set('Content-Type', 'application/json');
    }
    return headers;
  },
});

/**
 * fetchBaseQuery whose errors are all normalised to {@link ApiError}. Every answer names the schema
 * set the server used (`X-Schema-Set`); another set than the page's is fetched and put in place.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  noteSchemaSet(result.meta?.response?.headers.get('x-schema-set'));
  if (result.error) return { error: normaliseError(result.error, result.meta, methodOf(args)), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

/** The one RTK Query api slice; each resource file under api/ injects its endpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
});
