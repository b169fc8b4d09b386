import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Progress } from 'semantic-ui-react';
import { paths } from '@/schema-runtime/pages';
import { schemas } from '@/client/shared/schema-set';

const { inviteProgressStep: STEP, inviteProgressIntervalMs: INTERVAL, inviteProgressDone: DONE } = schemas.constants;

/** A bar that grows by `inviteProgressStep` every `inviteProgressIntervalMs` and goes to memberships at `inviteProgressDone`. */
export function RedirectProgress() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setValue((current) => Math.min(current + STEP, DONE)), INTERVAL);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (value >= DONE) navigate(paths.memberships.href, { replace: true });
  }, [navigate, value]);

  return <Progress value={value} total={DONE} color="green" size="small" aria-label={t('invitation.progress')} data-testid="invitation-progress" data-value={value} />;
}
