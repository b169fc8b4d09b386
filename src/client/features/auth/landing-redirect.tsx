import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import type { Session } from '../../../../generated';
import { isAdmin, isLead } from '../../api/session';
import { readInvitation } from '../../shared/invitation-storage';
import { landingPath } from '../../shared/landing';
import { clearReferrer, readReferrer } from '../../shared/referrer';

/** Where this logged-in session lands, from the session and what the browser remembers. */
export function landingFor(session: Session): string {
  const user = session.userdetails;
  return landingPath({
    invitation: readInvitation(),
    referrer: readReferrer(),
    isStaffOrSuperuser: isAdmin(user),
    accountingEnabled: session.config.enable_accounting,
    isLead: isLead(user),
  });
}

/** Sends a logged-in user to their landing page; the remembered history is used up by it. */
export function LandingRedirect({ session }: { session: Session }) {
  const [target] = useState(() => landingFor(session));
  useEffect(() => clearReferrer(), []);
  return <Navigate to={target} replace />;
}
