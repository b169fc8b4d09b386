import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/client/api/api-error';
import { useAcceptInviteMutation } from '@/client/api/memberships';
import { clearInvitation } from '@/client/shared/invitation-storage';
import { invitationOutcome, invitationSettled, type InvitationOutcome } from './invitation-outcome';

/**
 * Accepts the invitation once per page visit (never again on a re-render) and forgets the stored
 * key once the answer is final, so the next login does not come back here.
 */
export function useAcceptInvitation(key: string, enabled: boolean): InvitationOutcome | null {
  const [accept] = useAcceptInviteMutation();
  const [outcome, setOutcome] = useState<InvitationOutcome | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || started.current === key) return;
    started.current = key;
    accept(key)
      .unwrap()
      .then(
        () => ({ outcome: invitationOutcome({ ok: true }), status: 201 }),
        (error: unknown) =>
          isApiError(error)
            ? { outcome: invitationOutcome({ ok: false, message: error.message }), status: error.status || null }
            : { outcome: invitationOutcome({ ok: false, message: '' }), status: null },
      )
      .then((result) => {
        if (invitationSettled(result.outcome, result.status)) clearInvitation();
        setOutcome(result.outcome);
      });
  }, [accept, enabled, key]);

  return outcome;
}
