import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import type { Session } from '../../../../generated';
import { isAdmin, isLead } from '../../api/session';
import { readInvitation } from '../../shared/invitation-storage';
import { landingPath } from '../../shared/landing';
import { clearReferrer, readReferrer } from '../../shared/referrer';
import { mayOpenPath } from '../../app/route-access';

/** Where this logged-in session lands, from the session and what the browser remembers. */
export function landingFor(session: Session): string {
  const user = session.userdetails;
  const groups = { isStaffOrSuperuser: isAdmin(user), accountingEnabled: session.config.enable_accounting };
  return landingPath({
    invitation: readInvitation(),
    referrer: readReferrer(),
    ...groups,
    isLead: isLead(user),
    // A remembered page the user's group cannot open (a staff page typed by hand) is never a landing.
    mayOpen: (path) => mayOpenPath(path, groups),
  });
}

/** Sends a logged-in user to their landing page; the remembered history is used up by it. */
export function LandingRedirect({ session }: { session: Session }) {
  const [target] = useState(() => landingFor(session));
  useEffect(() => clearReferrer(), []);
  return <Navigate to={target} replace />;
}
