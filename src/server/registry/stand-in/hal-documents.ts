import { registryDate, type StandInData, type StandInPerson, type StandInProject, type StandInRole } from './stand-in-data';

/** Renders the stand-in's data as the registry's HAL JSON documents, for one request moment. */
export interface HalRenderer {
  personLead(oib: string): Record<string, unknown> | undefined;
  person(persId: number): Record<string, unknown> | undefined;
  project(id: number): Record<string, unknown> | undefined;
  projectPeople(id: number): Record<string, unknown> | undefined;
}

/** The registry writes one link as an object and several as a list. */
function links(hrefs: string[]): { href: string } | { href: string }[] | undefined {
  if (hrefs.length === 0) return undefined;
  const list = hrefs.map((href) => ({ href }));
  return list.length === 1 ? list[0] : list;
}

/**
 * Builds a renderer over `data`; `baseUrl` is the stand-in's own address (links are absolute, as
 * in the real registry) and `now` the moment the dates are relative to.
 */
export function halRenderer(data: StandInData, baseUrl: string, now: Date): HalRenderer {
  const byPersId = new Map(data.people.map((p) => [p.persId, p]));
  const projectHref = (id: number) => `${baseUrl}/projekti-api/projekt/${id}`;
  const projectsOf = (persId: number, roles?: StandInRole[]) =>
    data.projects.filter((pr) => pr.members.some((m) => m.persId === persId && (!roles || roles.includes(m.role))));

  const personDoc = (p: StandInPerson, projects: StandInProject[], self: string) => ({
    persId: p.persId,
    ime: p.firstName,
    prezime: p.lastName,
    oib: p.oib,
    maticniBrojZnanstvenika: p.mbz,
    _links: { self: { href: `${baseUrl}${self}` }, projekt: links(projects.map((pr) => projectHref(pr.id))) },
  });

  const memberDocs = (pr: StandInProject) =>
    pr.members.flatMap((m) => {
      const p = byPersId.get(m.persId);
      if (!p) return [];
      return [{
        persId: p.persId,
        ime: p.firstName,
        prezime: p.lastName,
        oib: p.oib,
        email: m.email ?? p.email,
        ustanovaNaziv: p.institution,
        uloga: m.role,
        klasifikacija: { naziv: m.role },
        verified: m.verified === false ? 'false' : 'true',
      }];
    });

  const texts = (hr: string, en?: string) => [
    { cfLangCode: 'hr', naziv: hr },
    ...(en ? [{ cfLangCode: 'en', naziv: en }] : []),
  ];

  return {
    personLead(oib) {
      const p = data.people.find((x) => x.oib === oib);
      return p && personDoc(p, projectsOf(p.persId, ['voditelj']), `/projekti-api/osoba/voditelj/oib/${oib}`);
    },
    person(persId) {
      const p = byPersId.get(persId);
      return p && personDoc(p, projectsOf(p.persId), `/projekti-api/osoba/${persId}`);
    },
    project(id) {
      const pr = data.projects.find((x) => x.id === id);
      if (!pr) return undefined;
      return {
        id: pr.id,
        hrSifraProjekta: pr.code,
        pocetak: registryDate(now, pr.startDays),
        kraj: registryDate(now, pr.endDays),
        tipProjekta: { naziv: pr.type },
        title: texts(pr.title, pr.titleEn),
        summary: texts(pr.summary),
        verified: pr.verified === false ? 'false' : 'true',
        ustanoveResources: { _embedded: { ustanove: pr.institutes.map((i) => ({ klasifikacija: { naziv: i.class }, naziv: i.name })) } },
        financijerResources: { _embedded: { financijeri: pr.finance.map((f) => ({ entityNameHr: f })) } },
        osobeResources: { _embedded: { osobe: memberDocs(pr) } },
        _links: { self: { href: projectHref(pr.id) } },
      };
    },
    projectPeople(id) {
      const pr = data.projects.find((x) => x.id === id);
      return pr && { _embedded: { osobe: memberDocs(pr) }, _links: { self: { href: `${baseUrl}/projekti-api/osoba/projekt/${id}` } } };
    },
  };
}
