import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { ValidationIssue } from '@/schema-runtime/validation-messages';

/** The one error shape every endpoint rejects with. */
export interface ApiError {
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  statusText: string;
  /** The server's `status.message`, or a description of the network/parsing failure. */
  message: string;
  /** The server's stable error key (`status.key`), when it sent one. */
  key?: string;
  method: string;
  /** Where a payload failed the server's validation, with message keys the forms show in place. */
  issues?: ValidationIssue[];
  /** Why a set of rules was refused (the rules editor's publish and restore), each at its field. */
  problems?: unknown[];
}

interface ServerErrorBody {
  status?: { code?: number; message?: string; key?: string };
  issues?: ValidationIssue[];
  problems?: unknown[];
}

function serverStatus(data: unknown): ServerErrorBody['status'] {
  return data && typeof data === 'object' ? (data as ServerErrorBody).status : undefined;
}

/** Turns a fetchBaseQuery error into {@link ApiError}. */
export function normaliseError(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined, method: string): ApiError {
  const response = meta?.response;
  if (typeof error.status === 'number') {
    const body = serverStatus(error.data);
    const issues = error.data && typeof error.data === 'object' ? (error.data as ServerErrorBody).issues : undefined;
    const problems = error.data && typeof error.data === 'object' ? (error.data as ServerErrorBody).problems : undefined;
    return {
      status: error.status,
      statusText: response?.statusText ?? '',
      message: body?.message ?? (typeof error.data === 'string' ? error.data : ''),
      key: body?.key,
      method,
      ...(Array.isArray(issues) ? { issues } : {}),
      ...(Array.isArray(problems) ? { problems } : {}),
    };
  }
  if (error.status === 'PARSING_ERROR') {
    return { status: error.originalStatus, statusText: response?.statusText ?? '', message: error.data, method };
  }
  return { status: 0, statusText: String(error.status), message: 'error' in error ? error.error : '', method };
}

/** True when a thrown value or RTK result error is an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return !!value && typeof value === 'object' && 'status' in value && 'method' in value && 'message' in value;
}

/**
 * The text of an error toast in the spec's format:
 * `Error fetching projects: 500 Internal Server Error in GET: <server message>`.
 */
export function apiErrorText(prefix: string, error: ApiError): string {
  const head = `${prefix}: ${error.status} ${error.statusText}`.trimEnd();
  return error.message ? `${head} in ${error.method}: ${error.message}` : `${head} in ${error.method}`;
}
