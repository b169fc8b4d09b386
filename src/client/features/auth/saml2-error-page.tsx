import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../shared/paths';
import { schemas } from '../../shared/schema-set';

/** The attribute names the server reports missing in `?missing=mail,sn`. */
function missingAttributes(search: URLSearchParams): string[] {
  return (search.get('missing') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** /ui/saml2-error/:errorType — why an eduGAIN sign-in failed and what to do next. */
export default function Saml2ErrorPage() {
  const { t } = useTranslation();
  const { errorType } = useParams();
  const [search] = useSearchParams();
  const email = schemas.service.contactEmail;
  const missing = missingAttributes(search);

  let body;
  let regularLogin: string = paths.login;
  if (errorType === 'edugainmultiple') {
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
    regularLogin = '/saml2/login';
  }

  return (
    <section className="ui raised padded segment login-card" data-page="saml2-error">
      <h1 className="ui header">{t('saml2.heading')}</h1>
      {body}
      {regularLogin === paths.login ? (
        <Link to={paths.login} className="ui fluid large button">
          {t('saml2.toLogin')}
        </Link>
      ) : (
        <a href={regularLogin} className="ui fluid large button">
          {t('saml2.toLogin')}
        </a>
      )}
    </section>
  );
}
