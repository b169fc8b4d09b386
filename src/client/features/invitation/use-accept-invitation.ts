import { useCallback, useState } from 'react';
import type { InviteDetails } from '@generated';
import { isApiError } from '@/client/api/api-error';
import { useAcceptInviteMutation, useInviteDetailsQuery } from '@/client/api/memberships';
import { clearInvitation } from '@/client/shared/invitation-storage';
import { invitationOutcome, invitationSettled, type InvitationOutcome } from './invitation-outcome';

export interface Invitation {
  /** What the invitation is for; undefined while it loads or when it cannot be accepted. */
  details?: InviteDetails;
  /** Set once the invitation is refused (unknown, used, expired…) or its acceptance answered. */
  outcome: InvitationOutcome | null;
  /** Accepts it: only ever on the invitee's click (decision 0622). */
  accept(): void;
  accepting: boolean;
}

/** The outcome of an error answer, by its message (the server answers in the user's language). */
const refusedBy = (error: unknown) => ({
  outcome: invitationOutcome({ ok: false, message: isApiError(error) ? error.message : '' }),
  status: isApiError(error) ? error.status || null : null,
});

/**
 * Reads what the invitation is for; accepting is a separate call the page's button makes. The
 * stored key is forgotten once the answer is final, so the next login does not come back here.
 */
export function useInvitation(key: string, enabled: boolean): Invitation {
  const { data: details, error: detailsError } = useInviteDetailsQuery(key, { skip: !enabled });
  const [acceptCall, { isLoading: accepting }] = useAcceptInviteMutation();
  const [answered, setAnswered] = useState<InvitationOutcome | null>(null);

  const refused = detailsError ? refusedBy(detailsError) : null;
  if (refused && invitationSettled(refused.outcome, refused.status)) clearInvitation();

  const accept = useCallback(() => {
    acceptCall(key)
      .unwrap()
      .then(() => ({ outcome: invitationOutcome({ ok: true }), status: 201 }), refusedBy)
      .then((result) => {
        if (invitationSettled(result.outcome, result.status)) clearInvitation();
        setAnswered(result.outcome);
      });
  }, [acceptCall, key]);

  return { details: refused ? undefined : details, outcome: answered ?? refused?.outcome ?? null, accept, accepting };
}
