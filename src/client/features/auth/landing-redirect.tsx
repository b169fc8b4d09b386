import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import type { Session } from '@generated';
import { isAdmin, isLead } from '@/client/api/session';
import { readInvitation } from '@/client/shared/invitation-storage';
import { landingPath } from '@/client/shared/landing';
import { useMayOpen, type MayOpen } from '@/client/shared/may-open';
import { clearReferrer, readReferrer } from '@/client/shared/referrer';

/** Where this logged-in session lands, from the session, what the browser remembers and the app's path check. */
export function landingFor(session: Session, mayOpen: MayOpen | null): string {
  const user = session.userdetails;
  const groups = { isStaffOrSuperuser: isAdmin(user), accountingEnabled: session.config.enable_accounting };
  return landingPath({
    invitation: readInvitation(),
    referrer: readReferrer(),
    ...groups,
    isLead: isLead(user),
    hasProjects: (user?.userproject_set?.length ?? 0) > 0,
    // A remembered page the user's group cannot open (a staff page typed by hand) is never a landing.
    mayOpen: mayOpen ? (path) => mayOpen(path, groups) : undefined,
  });
}

/** Sends a logged-in user to their landing page; the remembered history is used up by it. */
export function LandingRedirect({ session }: { session: Session }) {
  const mayOpen = useMayOpen();
  const [target] = useState(() => landingFor(session, mayOpen));
  useEffect(() => clearReferrer(), []);
  return <Navigate to={target} replace />;
}
