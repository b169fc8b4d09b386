/**
 * The demo registry: the same people (by OIB) and research projects as the portal's demo data in
 * `demo/demo-data.ts`, plus the registry-only records a realistic lookup needs — a project `lead` is
 * only an associate on, a project of hers that ended long ago (beyond the grace period), and a
 * funded project led at institution level only. `staff` and `admin` are unknown to the registry.
 */
import { DEMO_PEOPLE, DEMO_PROJECTS } from '@/server/demo/demo-data';
import type { StandInData, StandInMember, StandInPerson, StandInProject } from './stand-in-data';

/** Registry ids of the demo people; people not listed here are not in the registry. */
const PERS_IDS: Record<string, number> = {
  lead: 41021,
  collab: 41022,
  newbie: 41023,
  'mnovak@irb.hr': 41024,
  'tsaric@fer.hr': 41025,
  'kjurkovic@mef.hr': 41026,
  'iblazevic@pmfst.hr': 41027,
  'nperic@ferit.hr': 41028,
};

/** MBZs the registry knows although the portal has not stored them yet (they arrive by lookup). */
const REGISTRY_MBZ: Record<string, string> = { newbie: '398514' };

/** Per project: collaborators whose registry entry differs from their directory data. */
const MEMBER_OVERRIDES: Record<number, Record<string, Partial<StandInMember>>> = {
  // The registry joins several addresses with ';'.
  27031: { collab: { email: 'ikovacevic@pmf.hr;ivan.kovacevic@gmail.com' }, newbie: { verified: false } },
};

const FER = 'Fakultet elektrotehnike i računarstva';
const IRB = 'Institut Ruđer Bošković';

function persId(username: string): number {
  const id = PERS_IDS[username];
  if (id === undefined) throw new Error(`demo registry: ${username} has no registry id`);
  return id;
}

function people(): StandInPerson[] {
  return DEMO_PEOPLE.filter((p) => PERS_IDS[p.username] !== undefined).map((p) => ({
    persId: persId(p.username),
    oib: p.person_oib,
    firstName: p.first_name,
    lastName: p.last_name,
    mbz: p.croris_mbz ?? REGISTRY_MBZ[p.username] ?? null,
    email: p.person_mail,
    institution: p.person_institution,
  }));
}

/** The research projects of the portal's demo data, as the registry holds them. */
function portalProjects(): StandInProject[] {
  return DEMO_PROJECTS.flatMap((project) => {
    const r = project.registry;
    if (!r || !project.code) return [];
    const overrides = MEMBER_OVERRIDES[r.id] ?? {};
    const members: StandInMember[] = [
      { persId: persId(project.lead), role: 'voditelj' },
      ...r.collaborators.map((u) => ({ persId: persId(u), role: 'suradnik' as const, ...overrides[u] })),
    ];
    return [{
      id: r.id, code: project.code, type: r.type, title: r.title, summary: r.summary,
      startDays: r.startDays, endDays: r.endDays, finance: r.finance, institutes: r.institutes, members,
    }];
  });
}

function registryOnlyProjects(): StandInProject[] {
  return [
    {
      // Led by `lead` and not yet requested in the portal: its card offers Select.
      id: 37204, code: 'IP-2026-05-4410', type: 'Istraživački projekti HRZZ',
      title: 'Strojno učenje za predviđanje kvarova u distribucijskim mrežama',
      summary: 'Modeli dubokog učenja na mjerenjima pametnih brojila predviđaju kvarove u srednjenaponskim mrežama.',
      startDays: -60, endDays: 1400, finance: ['Hrvatska zaklada za znanost'],
      institutes: [{ class: 'nositelj', name: FER }],
      members: [{ persId: persId('lead'), role: 'voditelj' }, { persId: persId('collab'), role: 'suradnik' }],
    },
    {
      id: 29470, code: 'UIP-2023-02-7716', type: 'Uspostavni istraživački projekti HRZZ',
      title: 'Kvantni algoritmi za simulaciju jako koreliranih elektronskih sustava',
      titleEn: 'Quantum algorithms for simulating strongly correlated electron systems',
      summary: 'Razvijaju se hibridni kvantno-klasični algoritmi i ispituju na simulatorima kvantnih računala.',
      startDays: -520, endDays: 210, finance: ['Hrvatska zaklada za znanost'],
      institutes: [{ class: 'nositelj', name: IRB }, { class: 'partner', name: FER }],
      members: [{ persId: persId('mnovak@irb.hr'), role: 'voditelj' }, { persId: persId('lead'), role: 'suradnik' }],
    },
    {
      id: 18842, code: 'IP-2016-06-2214', type: 'Istraživački projekti HRZZ',
      title: 'Paralelni algoritmi za obradu radarskih signala',
      summary: 'Projekt je razvio paralelne algoritme za obradu signala obalnih radara.',
      startDays: -2000, endDays: -400, finance: ['Hrvatska zaklada za znanost'],
      institutes: [{ class: 'nositelj', name: FER }],
      members: [{ persId: persId('lead'), role: 'voditelj' }, { persId: persId('collab'), role: 'suradnik' }],
    },
    {
      id: 33105, code: 'KK.01.1.1.07.0031', type: 'Europski strukturni i investicijski fondovi',
      title: 'Pametne elektroenergetske mreže s velikim udjelom obnovljivih izvora',
      summary: 'Modeliranje stabilnosti distribucijskih mreža s velikim brojem fotonaponskih elektrana.',
      startDays: -300, endDays: 400, finance: ['Europski fond za regionalni razvoj'],
      institutes: [{ class: 'nositelj', name: FER }],
      members: [{ persId: persId('tsaric@fer.hr'), role: 'voditelj na ustanovi' }, { persId: persId('nperic@ferit.hr'), role: 'suradnik' }],
    },
  ];
}

/** The demo data set of the stand-in registry (fresh objects on every call). */
export function demoRegistryData(): StandInData {
  return { people: people(), projects: [...portalProjects(), ...registryOnlyProjects()] };
}
