import { useEffect, useRef } from 'react';
import { useRegistryInfoQuery } from '@/client/api/registry';
import { useToast } from '@/client/shared/toast/use-toast';
import { registryRules } from '@/schema-runtime/rule-annotations';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';

/** Registry answers that mean "nothing about this person", not trouble: no toast for them (spec point 8). */
const quietMessages = perSchemaSet(() => [registryRules(schemas).notFoundText, 'Could not parse JSON data from CroRIS']);

/** True when a registry status should raise the sticky error toast. */
export function registryStatusNeedsToast(status: { code: number; message: string } | undefined): boolean {
  if (!status || status.code === 200) return false;
  return !quietMessages().some((quiet) => status.message.includes(quiet));
}

/**
 * On every logged-in page: when the registry reports trouble other than "not found" or "could not
 * parse", a sticky error toast shows its message, once per session of the app.
 */
export function useRegistryStatusToast(): void {
  const { data } = useRegistryInfoQuery();
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !registryStatusNeedsToast(data?.status)) return;
    shown.current = true;
    toast.error(data!.status.message, { sticky: true, id: 'registry-status' });
  }, [data, toast]);
}
