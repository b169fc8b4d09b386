/** The error shape lives in shared/ (engine and shared code read it); the API slice re-exports it. */
export * from '@/client/shared/api-error';
