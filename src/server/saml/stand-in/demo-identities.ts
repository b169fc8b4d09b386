/**
 * The identities the stand-in identity provider offers (demo mode and tests). National ones
 * carry the national federation's attributes and match demo accounts by OIB; eduGAIN ones come
 * through the stand-in eduGAIN proxy, each exercising one rule of reference §7.3.
 */
export interface StandInIdentity {
  key: string;
  federation: 'national' | 'edugain';
  /** What the picker shows. */
  label: string;
  attributes: Record<string, string>;
  /** The identity provider that really authenticated the user (eduGAIN proxy only). */
  authority?: string;
}

/** The authenticating authority of a national identity behind the eduGAIN proxy. */
export const AAI_EDUHR_AUTHORITY = 'https://login.aaiedu.hr/shib/saml2/idp/metadata.php';

function national(key: string, label: string, a: { given: string; sn: string; uid: string; oib: string; org: string; orgOib: string; ou: string; affiliation: string }): StandInIdentity {
  return {
    key,
    federation: 'national',
    label,
    attributes: {
      hrEduPersonUniqueID: a.uid,
      hrEduPersonOIB: a.oib,
      givenName: a.given,
      sn: a.sn,
      mail: a.uid,
      o: a.org,
      hrEduOrgOIB: a.orgOib,
      hrEduPersonHomeOrg: a.uid.split('@')[1] ?? '',
      ou: a.ou,
      hrEduPersonAffiliation: a.affiliation,
    },
  };
}

export const STAND_IN_IDENTITIES: StandInIdentity[] = [
  national('lead', 'Ana Horvat (demo: lead)', {
    given: 'Ana', sn: 'Horvat', uid: 'ahorvat@fer.hr', oib: '20930726687', org: 'Fakultet elektrotehnike i računarstva', orgOib: '57029260362', ou: 'Zavod za elektroničke sustave i obradbu informacija', affiliation: 'djelatnik',
  }),
  national('staff', 'Marko Babić (demo: staff)', {
    given: 'Marko', sn: 'Babić', uid: 'mbabic@srce.hr', oib: '43489129952', org: 'Sveučilišni računski centar', orgOib: '56133365315', ou: 'Sektor za napredno računanje', affiliation: 'djelatnik',
  }),
  national('collab', 'Ivan Kovačević (demo: collab)', {
    given: 'Ivan', sn: 'Kovačević', uid: 'ikovacevic@pmf.hr', oib: '13625737435', org: 'Prirodoslovno-matematički fakultet', orgOib: '28163265527', ou: 'Fizički odsjek', affiliation: 'djelatnik',
  }),
  national('new-national', 'Nina Novosel (new national user)', {
    given: 'Nina', sn: 'Novosel', uid: 'nnovosel@ffzg.hr', oib: '71429538065', org: 'Filozofski fakultet', orgOib: '90633715804', ou: 'Odsjek za psihologiju', affiliation: 'student',
  }),
  {
    key: 'edugain-new',
    federation: 'edugain',
    label: 'Erik Svensson (new eduGAIN user)',
    authority: 'https://idp.uni-example.se/idp/shibboleth',
    attributes: {
      eduPersonPrincipalName: 'erik.svensson@uni-example.se',
      givenName: 'Erik',
      sn: 'Svensson',
      mail: 'erik.svensson@uni-example.se',
      o: 'Example University Sweden',
      eduPersonAffiliation: 'faculty',
      schacHomeOrganization: 'uni-example.se',
    },
  },
  {
    key: 'edugain-namesake',
    federation: 'edugain',
    label: 'Jane Doe (eduGAIN, same name as an existing user)',
    authority: 'https://idp.other-example.org/idp/shibboleth',
    attributes: {
      eduPersonPrincipalName: 'jdoe@other-example.org',
      givenName: 'Jane',
      sn: 'Doe',
      mail: 'jdoe@other-example.org',
      o: 'Other Example Institute',
      eduPersonAffiliation: 'member',
    },
  },
  {
    key: 'edugain-missing',
    federation: 'edugain',
    label: 'Pierre Martin (eduGAIN, no e-mail released)',
    authority: 'https://idp.univ-exemple.fr/idp/shibboleth',
    attributes: {
      eduPersonPrincipalName: 'pierre.martin@univ-exemple.fr',
      givenName: 'Pierre',
      sn: 'Martin',
      o: 'Université Exemple',
      eduPersonAffiliation: 'staff',
    },
  },
  {
    key: 'edugain-national',
    federation: 'edugain',
    label: 'Ana Horvat (AAI@EduHR identity through the eduGAIN proxy)',
    authority: AAI_EDUHR_AUTHORITY,
    attributes: {
      eduPersonPrincipalName: 'ahorvat@fer.hr',
      givenName: 'Ana',
      sn: 'Horvat',
      mail: 'ahorvat@fer.hr',
      o: 'Fakultet elektrotehnike i računarstva',
      eduPersonAffiliation: 'employee',
    },
  },
];

export function identityByKey(key: string): StandInIdentity | undefined {
  return STAND_IN_IDENTITIES.find((i) => i.key === key);
}
