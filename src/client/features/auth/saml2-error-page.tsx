import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/schema-runtime/pages';
import { schemas } from '@/client/shared/schema-set';

type Federation = 'national' | 'edugain';

/** Where a federated login starts (full page loads: the SAML flow is served by the server). */
const FEDERATION_LOGIN: Record<Federation, string> = { national: '/saml2/login', edugain: '/saml2/edugain/login' };

/** Refusals of the sign-in itself, not of the person: starting again in this browser helps. */
const START_AGAIN_TEXT = { otherbrowser: 'saml2.otherBrowser', expired: 'saml2.expired', unsolicited: 'saml2.unsolicited' } as const;

/** The attribute names the server reports missing in `?missing=mail,sn`. */
function missingAttributes(search: URLSearchParams): string[] {
  return (search.get('missing') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * The federation the user came through, from `?federation=`. Addresses without it are from before
 * the server named it: the attribute, namesake and not-allowed pages were eduGAIN's then.
 */
function federationOf(search: URLSearchParams, errorType: string | undefined): Federation | null {
  const named = search.get('federation');
  if (named === 'national' || named === 'edugain') return named;
  return errorType && errorType in START_AGAIN_TEXT ? null : 'edugain';
}

/** /ui/saml2-error/:errorType — why a federated sign-in failed and how to start again. */
export default function Saml2ErrorPage() {
  const { t } = useTranslation();
  const { errorType } = useParams();
  const [search] = useSearchParams();
  const email = schemas.service.contactEmail;
  const missing = missingAttributes(search);
  const federation = federationOf(search, errorType);

  let body;
  let startAgain: Federation | null = null;
  let regularLogin: string = paths.login.href;
  if (errorType === 'otherbrowser' || errorType === 'expired' || errorType === 'unsolicited') {
    body = <div className="ui warning message">{t(START_AGAIN_TEXT[errorType])}</div>;
    startAgain = federation;
  } else if (errorType === 'edugainmultiple') {
    body = <div className="ui error message">{t('saml2.multiple', { email })}</div>;
  } else if (errorType === 'edugainattrs') {
    body = missing.length ? (
      <div className="ui error message">
        <p>{t('saml2.missingAttrs')}</p>
        <ul className="list">
          {missing.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    ) : (
      <div className="ui error message">{t('saml2.missingAttrsUnknown', { email })}</div>
    );
  } else {
    body = <div className="ui warning message">{t('saml2.notAllowed')}</div>;
    // Croatian academic identities must use the national federation's own sign-in.
    regularLogin = FEDERATION_LOGIN.national;
  }

  return (
    <section className="ui raised padded segment login-card" data-page="saml2-error">
      <h1 className="ui header">{t(`saml2.heading.${federation ?? 'other'}`)}</h1>
      {body}
      <div className="federated-login">
        {startAgain ? (
          <a href={FEDERATION_LOGIN[startAgain]} className="ui fluid large blue button">
            {t(`saml2.startAgain.${startAgain}`)}
          </a>
        ) : null}
        {regularLogin === paths.login.href ? (
          <Link to={paths.login.href} className="ui fluid large button">
            {t('saml2.toLogin')}
          </Link>
        ) : (
          <a href={regularLogin} className="ui fluid large button">
            {t('saml2.toLogin')}
          </a>
        )}
      </div>
    </section>
  );
}
