import { useEffect, useRef } from 'react';
import { useRegistryInfoQuery } from '../../api/registry';
import { useToast } from '../../shared/toast/use-toast';
import { registryRules } from '../../../schema-runtime/rule-annotations';
import { schemas } from '../../shared/schema-set';

/** Registry answers that mean "nothing about this person", not trouble: no toast for them (spec point 8). */
const QUIET_MESSAGES = [registryRules(schemas).notFoundText, 'Could not parse JSON data from CroRIS'];

/** True when a registry status should raise the sticky error toast. */
export function registryStatusNeedsToast(status: { code: number; message: string } | undefined): boolean {
  if (!status || status.code === 200) return false;
  return !QUIET_MESSAGES.some((quiet) => status.message.includes(quiet));
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
