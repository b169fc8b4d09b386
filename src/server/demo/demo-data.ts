/**
 * The demo data set: people and projects a newcomer finds after `npm start`. Dates are given in
 * days relative to the seeding moment so the demo stays current; `seed-demo.ts` turns them into
 * rows. Names, institutions and texts are what the centre's users would really write.
 */
import type { ResourcesNumbers, ResourceTypeName, ScienceDomainShare, StateName } from '@generated';

/** A person as the directory (AAI@EduHR or eduGAIN) describes them. */
export interface DemoPerson {
  username: string;
  /** Demo accounts sign in with password = username; the others only through SAML. */
  demoAccount?: boolean;
  first_name: string;
  last_name: string;
  person_uniqueid: string;
  person_mail: string;
  person_oib: string;
  person_institution: string;
  person_organisation: string;
  person_affiliation: string;
  person_type?: 'local' | 'foreign';
  croris_mbz?: string;
  is_staff?: boolean;
  is_superuser?: boolean;
  joinedDaysAgo: number;
}

/** Registry (CroRIS) data of a research project. */
export interface DemoRegistry {
  id: number;
  type: string;
  title: string;
  summary: string;
  startDays: number;
  endDays: number;
  finance: string[];
  institutes: { class: string; name: string }[];
  /** Registry collaborators by username of a demo person (the lead excluded). */
  collaborators: string[];
}

/** A project or request; `code` is the registry code, otherwise the identifier comes from the counter. */
export interface DemoProject {
  key: string;
  /** Project type value; `{product}` is replaced by the service's product key. */
  type: string;
  state: StateName;
  lead: string;
  collaborators: string[];
  code?: string;
  registry?: DemoRegistry;
  name: string;
  reason: string;
  institute: string;
  submittedDaysAgo: number;
  /** Days between submission and the first approval, for projects that were approved. */
  approvedAfterDays?: number;
  startDays: number;
  endDays: number;
  /** Institutional projects last exactly one year: the start follows from the end. */
  oneYear?: boolean;
  science: ScienceDomainShare[];
  software: string[];
  extraSoftware?: string;
  extraSoftwareHelp?: boolean;
  resources: ResourcesNumbers;
  requested: ResourceTypeName[];
  granted: ResourceTypeName[];
  denyComment?: string;
  extension?: { reason: string; endDays: number; approved: boolean; submittedDaysAgo: number };
}

const FER = 'Fakultet elektrotehnike i računarstva';
const PMF = 'Prirodoslovno-matematički fakultet';
const SRCE = 'Sveučilišni računski centar';

/** A science domain share with its field shares (labels are the Croatian values). */
function domain(value: string, percent: number, fields: [string, number][]): ScienceDomainShare {
  const [first, ...rest] = fields.map(([f, p]) => ({ name: { label: f, value: f }, percent: p }));
  return { name: { label: value, value }, percent, scientificfields: [first, ...rest] };
}

export const DEMO_PEOPLE: DemoPerson[] = [
  { username: 'staff', demoAccount: true, first_name: 'Marko', last_name: 'Babić', person_uniqueid: 'mbabic@srce.hr', person_mail: 'mbabic@srce.hr', person_oib: '43489129952', person_institution: SRCE, person_organisation: 'Sektor za napredno računanje', person_affiliation: 'djelatnik', is_staff: true, joinedDaysAgo: 900 },
  { username: 'admin', demoAccount: true, first_name: 'Petra', last_name: 'Jurić', person_uniqueid: 'pjuric@srce.hr', person_mail: 'pjuric@srce.hr', person_oib: '15533913660', person_institution: SRCE, person_organisation: 'Sektor za računalne sustave', person_affiliation: 'djelatnik', is_superuser: true, joinedDaysAgo: 950 },
  { username: 'lead', demoAccount: true, first_name: 'Ana', last_name: 'Horvat', person_uniqueid: 'ahorvat@fer.hr', person_mail: 'ahorvat@fer.hr', person_oib: '20930726687', person_institution: FER, person_organisation: 'Zavod za elektroničke sustave i obradbu informacija', person_affiliation: 'djelatnik', croris_mbz: '312456', joinedDaysAgo: 820 },
  { username: 'collab', demoAccount: true, first_name: 'Ivan', last_name: 'Kovačević', person_uniqueid: 'ikovacevic@pmf.hr', person_mail: 'ikovacevic@pmf.hr', person_oib: '13625737435', person_institution: PMF, person_organisation: 'Fizički odsjek', person_affiliation: 'djelatnik', croris_mbz: '287731', joinedDaysAgo: 640 },
  { username: 'foreign', demoAccount: true, first_name: 'Jane', last_name: 'Doe', person_uniqueid: 'jane.doe@uni-example.eu', person_mail: 'jane.doe@uni-example.eu', person_oib: '', person_institution: 'University of Example', person_organisation: 'Department of Atmospheric Sciences', person_affiliation: 'faculty', person_type: 'foreign', joinedDaysAgo: 300 },
  { username: 'newbie', demoAccount: true, first_name: 'Luka', last_name: 'Marić', person_uniqueid: 'lmaric@fer.hr', person_mail: 'lmaric@fer.hr', person_oib: '93217836615', person_institution: FER, person_organisation: 'Zavod za primijenjenu fiziku', person_affiliation: 'djelatnik', joinedDaysAgo: 3 },
  { username: 'mnovak@irb.hr', first_name: 'Marija', last_name: 'Novak', person_uniqueid: 'mnovak@irb.hr', person_mail: 'mnovak@irb.hr', person_oib: '82998169318', person_institution: 'Institut Ruđer Bošković', person_organisation: 'Zavod za teorijsku fiziku', person_affiliation: 'djelatnik', croris_mbz: '301877', joinedDaysAgo: 610 },
  { username: 'tsaric@fer.hr', first_name: 'Tomislav', last_name: 'Šarić', person_uniqueid: 'tsaric@fer.hr', person_mail: 'tsaric@fer.hr', person_oib: '40903603202', person_institution: FER, person_organisation: 'Zavod za visoki napon i energetiku', person_affiliation: 'djelatnik', croris_mbz: '339012', joinedDaysAgo: 700 },
  { username: 'lknezevic@fer.hr', first_name: 'Lucija', last_name: 'Knežević', person_uniqueid: 'lknezevic@fer.hr', person_mail: 'lknezevic@fer.hr', person_oib: '41745913227', person_institution: FER, person_organisation: 'Diplomski studij računarstva', person_affiliation: 'student', joinedDaysAgo: 140 },
  { username: 'fpavlovic@fer.hr', first_name: 'Filip', last_name: 'Pavlović', person_uniqueid: 'fpavlovic@fer.hr', person_mail: 'fpavlovic@fer.hr', person_oib: '84673511597', person_institution: FER, person_organisation: 'Diplomski studij računarstva', person_affiliation: 'student', joinedDaysAgo: 138 },
  { username: 'iblazevic@pmfst.hr', first_name: 'Ivana', last_name: 'Blažević', person_uniqueid: 'iblazevic@pmfst.hr', person_mail: 'iblazevic@pmfst.hr', person_oib: '90256281659', person_institution: 'Prirodoslovno-matematički fakultet u Splitu', person_organisation: 'Odjel za kemiju', person_affiliation: 'djelatnik', croris_mbz: '355190', joinedDaysAgo: 10 },
  { username: 'jvukovic@fsb.hr', first_name: 'Josip', last_name: 'Vuković', person_uniqueid: 'jvukovic@fsb.hr', person_mail: 'jvukovic@fsb.hr', person_oib: '79449356508', person_institution: 'Fakultet strojarstva i brodogradnje', person_organisation: 'Zavod za brodogradnju i pomorsku tehniku', person_affiliation: 'student', joinedDaysAgo: 210 },
  { username: 'kjurkovic@mef.hr', first_name: 'Katarina', last_name: 'Jurković', person_uniqueid: 'kjurkovic@mef.hr', person_mail: 'kjurkovic@mef.hr', person_oib: '96936979828', person_institution: 'Medicinski fakultet', person_organisation: 'Katedra za medicinsku statistiku', person_affiliation: 'djelatnik', joinedDaysAgo: 45 },
  { username: 'nperic@ferit.hr', first_name: 'Nikola', last_name: 'Perić', person_uniqueid: 'nperic@ferit.hr', person_mail: 'nperic@ferit.hr', person_oib: '46526311898', person_institution: 'Fakultet elektrotehnike, računarstva i informacijskih tehnologija Osijek', person_organisation: 'Zavod za računalno inženjerstvo i automatiku', person_affiliation: 'djelatnik', joinedDaysAgo: 420 },
  { username: 'mdjuric@ffzg.hr', first_name: 'Maja', last_name: 'Đurić', person_uniqueid: 'mdjuric@ffzg.hr', person_mail: 'mdjuric@ffzg.hr', person_oib: '44662572024', person_institution: 'Filozofski fakultet', person_organisation: 'Odsjek za informacijske i komunikacijske znanosti', person_affiliation: 'student', joinedDaysAgo: 415 },
  { username: 'dgrgic@riteh.hr', first_name: 'Dario', last_name: 'Grgić', person_uniqueid: 'dgrgic@riteh.hr', person_mail: 'dgrgic@riteh.hr', person_oib: '84534817164', person_institution: 'Tehnički fakultet u Rijeci', person_organisation: 'Zavod za računarstvo', person_affiliation: 'djelatnik', joinedDaysAgo: 25 },
];

export const DEMO_PROJECTS: DemoProject[] = [
  {
    key: 'ml-materials', type: 'research-croris', state: 'approve', lead: 'lead', collaborators: ['collab', 'mnovak@irb.hr'],
    code: 'IP-2022-10-1234',
    registry: {
      id: 27031, type: 'Istraživački projekti HRZZ', title: 'Strojno učenje za predviđanje svojstava novih materijala',
      summary: 'Projekt razvija modele strojnog učenja koji iz kvantno-mehaničkih proračuna predviđaju elektronička i mehanička svojstva novih materijala te tako skraćuju put od ideje do sinteze.',
      startDays: -760, endDays: 40, finance: ['Hrvatska zaklada za znanost'],
      institutes: [{ class: 'nositelj', name: FER }, { class: 'partner', name: 'Institut Ruđer Bošković' }],
      collaborators: ['collab', 'mnovak@irb.hr', 'newbie'],
    },
    name: 'Strojno učenje za predviđanje svojstava novih materijala', institute: FER,
    reason: 'Za treniranje modela na skupu od oko 200 000 DFT proračuna potrebni su grafički procesori, a za same proračune stotine procesorskih jezgri.',
    submittedDaysAgo: 740, approvedAfterDays: 4, startDays: -735, endDays: 40,
    science: [domain('Tehničke znanosti', 60, [['Računarstvo', 70], ['Elektrotehnika', 30]]), domain('Prirodne znanosti', 40, [['Fizika', 60], ['Kemija', 40]])],
    software: ['qe/7.2-gnu', 'pytorch/2.1.0-ngc', 'cp2k/2023.1-gnu'],
    resources: { HPCnSlotsCPU: 512, HPCnSlotsGPU: 8, HPCnSlotsRAM: 512, HPCnTempGB: 2000, HPCnDiskGB: 5000 },
    requested: ['CPU', 'GPU'], granted: ['CPU', 'GPU'],
  },
  {
    key: 'adriatic-climate', type: 'research-croris', state: 'extend', lead: 'lead', collaborators: ['collab', 'foreign', 'tsaric@fer.hr'],
    code: '101081555',
    registry: {
      id: 31877, type: 'Obzor Europa', title: 'Regionalno modeliranje klime Jadrana visoke razlučivosti',
      summary: 'Međunarodni projekt u kojem se regionalnim klimatskim modelima razlučivosti 3 km procjenjuju ekstremni vremenski događaji na Jadranu do kraja stoljeća.',
      startDays: -800, endDays: 70, finance: ['European Commission'],
      institutes: [{ class: 'nositelj', name: FER }, { class: 'partner', name: 'Državni hidrometeorološki zavod' }],
      collaborators: ['collab', 'tsaric@fer.hr'],
    },
    name: 'Regionalno modeliranje klime Jadrana visoke razlučivosti', institute: FER,
    reason: 'Simulacije modelom WRF za razdoblje 1980.–2100. zahtijevaju velik broj procesorskih sati i velik spremišni prostor za rezultate.',
    submittedDaysAgo: 500, approvedAfterDays: 6, startDays: -490, endDays: 70,
    science: [domain('Prirodne znanosti', 100, [['Geofizika', 80], ['Fizika', 20]])],
    software: ['wrf/4.4.2-gnu'], extraSoftware: 'CDO 2.2, NCO 5.1', extraSoftwareHelp: false,
    resources: { HPCnSlotsCPU: 2048, HPCnSlotsRAM: 1024, HPCnTempGB: 50000, HPCnDiskGB: 200000 },
    requested: ['CPU', 'BIGMEM'], granted: ['CPU', 'BIGMEM'],
    extension: { reason: 'Projekt je produljen za tri mjeseca pa nastavljamo simulacije scenarija visokih emisija.', endDays: 70, approved: true, submittedDaysAgo: 45 },
  },
  {
    key: 'em-fields', type: 'research-institutional', state: 'approve-expire', lead: 'lead', collaborators: [],
    name: 'Računalne simulacije elektromagnetskih polja u urbanim sredinama', institute: FER,
    reason: 'Procjena izloženosti stanovništva elektromagnetskim poljima baznih stanica 5G mreže metodom konačnih razlika u vremenskoj domeni.',
    submittedDaysAgo: 350, approvedAfterDays: 5, startDays: -340, endDays: 25, oneYear: true,
    science: [domain('Tehničke znanosti', 100, [['Elektrotehnika', 100]])],
    software: ['openfoam/v2212'], extraSoftware: 'MEEP 1.27', extraSoftwareHelp: true,
    resources: { HPCnSlotsCPU: 256, HPCnSlotsRAM: 256, HPCnDiskGB: 2000 },
    requested: ['CPU'], granted: ['CPU'],
  },
  {
    key: 'parallel-course', type: 'practical', state: 'submit-extend', lead: 'lead', collaborators: ['collab', 'lknezevic@fer.hr', 'fpavlovic@fer.hr'],
    name: 'Praktična nastava iz kolegija Paralelno programiranje', institute: FER,
    reason: 'Studenti diplomskog studija izvode laboratorijske vježbe s MPI-jem, OpenMP-om i CUDA-om na stvarnom računalnom klasteru.',
    submittedDaysAgo: 160, approvedAfterDays: 3, startDays: -150, endDays: 10,
    science: [domain('Tehničke znanosti', 100, [['Računarstvo', 100]])],
    software: ['pytorch/2.1.0-ngc', 'tensorflow/2.13.0-ngc'],
    resources: { HPCnSlotsCPU: 128, HPCnSlotsGPU: 2, HPCnSlotsRAM: 128, HPCnDiskGB: 500 },
    requested: ['JUPYTER', 'CPU'], granted: ['JUPYTER'],
    extension: { reason: 'Ispitni rokovi traju do kraja siječnja pa studentima treba pristup do tada.', endDays: 65, approved: false, submittedDaysAgo: 2 },
  },
  {
    key: 'gpu-thesis', type: 'thesis', state: 'submit', lead: 'lead', collaborators: [],
    name: 'Diplomski rad: Ubrzavanje učenja dubokih neuronskih mreža na grafičkim procesorima', institute: FER,
    reason: 'Mentorica sam diplomskog rada u kojem student uspoređuje strategije paralelizacije učenja transformerskih modela na više grafičkih procesora.',
    submittedDaysAgo: 0.2, startDays: 3, endDays: 60,
    science: [domain('Tehničke znanosti', 100, [['Računarstvo', 90], ['Elektrotehnika', 10]])],
    software: ['pytorch/2.1.0-ngc'],
    resources: { HPCnSlotsCPU: 32, HPCnSlotsGPU: 4, HPCnSlotsRAM: 256, HPCnDiskGB: 1000 },
    requested: ['GPU'], granted: [],
  },
  {
    key: 'protein-md', type: 'research-croris', state: 'submit', lead: 'lead', collaborators: [],
    code: 'IP-2025-02-3141',
    registry: {
      id: 35512, type: 'Istraživački projekti HRZZ', title: 'Molekularna dinamika proteinskih kompleksa u staničnoj membrani',
      summary: 'Simulacijama molekularne dinamike istražuje se kako lipidni sastav membrane utječe na sklapanje proteinskih kompleksa važnih za prijenos signala.',
      startDays: -250, endDays: 60, finance: ['Hrvatska zaklada za znanost'],
      institutes: [{ class: 'nositelj', name: FER }, { class: 'partner', name: 'Medicinski fakultet' }],
      collaborators: ['kjurkovic@mef.hr'],
    },
    name: 'Molekularna dinamika proteinskih kompleksa u staničnoj membrani', institute: FER,
    reason: 'Mikrosekundne simulacije sustava od oko milijun atoma moguće su samo na grafičkim procesorima superračunala.',
    submittedDaysAgo: 1.5, startDays: 2, endDays: 60,
    science: [domain('Biomedicina i zdravstvo', 50, [['Temeljne medicinske znanosti', 100]]), domain('Prirodne znanosti', 50, [['Kemija', 60], ['Biologija', 40]])],
    software: ['gromacs/2023.3-cuda', 'namd/3.0-cuda', 'amber/22-cuda'],
    resources: { HPCnSlotsCPU: 256, HPCnSlotsGPU: 16, HPCnSlotsRAM: 512, HPCnDiskGB: 10000 },
    requested: ['GPU', 'CPU'], granted: [],
  },
  {
    key: 'graphics-course', type: 'practical', state: 'deny', lead: 'lead', collaborators: [],
    name: 'Praktična nastava iz kolegija Računalna grafika', institute: FER,
    reason: 'Studenti bi u sklopu vježbi pokretali iscrtavanje scena metodom praćenja zrake.',
    submittedDaysAgo: 30, startDays: -20, endDays: 50,
    science: [domain('Tehničke znanosti', 100, [['Računarstvo', 100]])],
    software: [], extraSoftware: 'Blender 3.6', extraSoftwareHelp: true,
    resources: { CLOUDnVM: 20, CLOUDnSlotsCPU: 80, CLOUDnRAM: 160, CLOUDnRAMVM: 8, CLOUDnDiskGB: 1000, CLOUDnIPs: 2 },
    requested: ['CLOUD-GPU'], granted: [],
    denyComment: 'Grafički procesori u oblaku trenutačno nisu dostupni za nastavu. Predlažemo da zatražite uslugu JUPYTER ili CPU resurse na klasteru.',
  },
  {
    key: 'supek-workshop', type: '{product}-workshop', state: 'expire', lead: 'lead', collaborators: ['nperic@ferit.hr', 'mdjuric@ffzg.hr'],
    name: 'Radionica: Uvod u rad na superračunalu Supek', institute: FER,
    reason: 'Dvodnevna radionica za istraživače početnike: prijava na klaster, sustav modula, PBS i pokretanje paralelnih poslova.',
    submittedDaysAgo: 420, approvedAfterDays: 2, startDays: -410, endDays: -395,
    science: [domain('Tehničke znanosti', 100, [['Računarstvo', 100]])],
    software: ['gromacs/2023.3-cuda', 'qe/7.2-gnu'],
    resources: { HPCnSlotsCPU: 64, HPCnSlotsRAM: 64, HPCnDiskGB: 100 },
    requested: ['CPU'], granted: ['CPU'],
  },
  {
    key: 'gpu-benchmark', type: 'internal', state: 'approve', lead: 'lead', collaborators: ['collab'],
    name: 'Ispitivanje performansi GPU čvorova za učenje velikih jezičnih modela', institute: FER,
    reason: 'Zajedničko ispitivanje skaliranja učenja jezičnih modela na čvorovima s četiri grafička procesora prije puštanja čvorova korisnicima.',
    submittedDaysAgo: 90, approvedAfterDays: 1, startDays: -88, endDays: 68,
    science: [domain('Tehničke znanosti', 100, [['Računarstvo', 80], ['Elektrotehnika', 20]])],
    software: ['pytorch/2.1.0-ngc', 'tensorflow/2.13.0-ngc'],
    resources: { HPCnSlotsCPU: 128, HPCnSlotsGPU: 16, HPCnSlotsRAM: 1024, HPCnTempGB: 10000, HPCnDiskGB: 20000 },
    requested: ['GPU', 'PENKALA'], granted: ['GPU', 'PENKALA'],
  },
  {
    key: 'chemistry-course', type: 'practical', state: 'submit', lead: 'iblazevic@pmfst.hr', collaborators: [],
    name: 'Praktična nastava iz kolegija Računalna kemija', institute: 'Prirodoslovno-matematički fakultet u Splitu',
    reason: 'Studenti kemije na vježbama optimiraju geometrije molekula i računaju spektre metodama DFT i semiempirijskim metodama.',
    submittedDaysAgo: 0.1, startDays: 7, endDays: 66,
    science: [domain('Prirodne znanosti', 100, [['Kemija', 100]])],
    software: ['orca/5.0.4', 'xtb/6.6.1-gnu', 'crest/2.12-gnu'],
    resources: { HPCnSlotsCPU: 96, HPCnSlotsRAM: 192, HPCnDiskGB: 300 },
    requested: ['CPU', 'JUPYTER'], granted: [],
  },
  {
    key: 'propeller-thesis', type: 'thesis', state: 'approve', lead: 'jvukovic@fsb.hr', collaborators: [],
    name: 'Završni rad: Numerička simulacija strujanja oko brodskog vijka', institute: 'Fakultet strojarstva i brodogradnje',
    reason: 'Simulacija kavitacije na brodskom vijku metodom konačnih volumena traje danima na osobnom računalu.',
    submittedDaysAgo: 200, approvedAfterDays: 4, startDays: -195, endDays: 55,
    science: [domain('Tehničke znanosti', 100, [['Brodogradnja', 70], ['Strojarstvo', 30]])],
    software: ['openfoam/v2212'],
    resources: { HPCnSlotsCPU: 64, HPCnSlotsRAM: 128, HPCnDiskGB: 500 },
    requested: ['CPU'], granted: ['CPU'],
  },
  {
    key: 'ocean-course', type: 'practical', state: 'approve-expire', lead: 'nperic@ferit.hr', collaborators: [],
    name: 'Praktična nastava iz kolegija Računarstvo visokih performansi', institute: 'Fakultet elektrotehnike, računarstva i informacijskih tehnologija Osijek',
    reason: 'Studenti rješavaju zadatke s MPI-jem i OpenMP-om na stvarnom klasteru u sklopu laboratorijskih vježbi.',
    submittedDaysAgo: 300, approvedAfterDays: 2, startDays: -290, endDays: 20,
    science: [domain('Tehničke znanosti', 100, [['Računarstvo', 100]])],
    software: ['gromacs/2022.6-gnu'],
    resources: { HPCnSlotsCPU: 64, HPCnSlotsRAM: 64, HPCnDiskGB: 200 },
    requested: ['CPU'], granted: ['CPU'],
  },
];

/** The modulefiles installed on the cluster when the portal started (two builds of several codes). */
export const INITIAL_SOFTWARE: string[] = [
  'amber/22-gnu', 'amber/22-cuda', 'bwa-mem2/2.2.1', 'clustalO/1.2.4', 'cp2k/2023.1-gnu', 'crest/2.12-gnu',
  'gatk4/4.4.0.0', 'gaussian/16-C02', 'gromacs/2022.6-gnu', 'gromacs/2023.3-cuda', 'lammps/2Aug2023-gnu',
  'lammps/23Jun2022-cuda', 'mathematica/13.3', 'mmseqs2/15-6f452', 'namd/2.14-gnu', 'namd/3.0-cuda',
  'nwchem/7.0.2-gnu', 'nwchem/7.2.2-gnu', 'openfoam/v2212', 'orca/5.0.3', 'orca/5.0.4', 'orthofinder/2.5.5',
  'pytorch/2.1.0-ngc', 'qe/6.8-gnu', 'qe/7.1-gnu', 'qe/7.1-cuda', 'qe/7.2-gnu', 'qe/7.2-cuda', 'qe/7.2-nvhpc',
  'samtools/1.18', 'tensorflow/2.13.0-ngc', 'wrf/4.4.2-gnu', 'xtb/6.5.1-gnu', 'xtb/6.6.0-gnu', 'xtb/6.6.1-gnu',
];

/** Public keys of the demo people (generated for the demo; nobody holds the private halves). */
export const DEMO_SSH_KEYS: { username: string; name: string; publicKey: string }[] = [
  { username: 'lead', name: 'laptop', publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINI6UiOfcUByMah1Pj/gweHvUiXol674bno3CsqmQIly ana.horvat@laptop' },
  { username: 'lead', name: 'radna stanica', publicKey: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDMqf4Izt5UXHpPGvU3/lehHwFqnOf1pFqNcnXAiQsPPyjK9DxlZrBINq8Z96nmEsiMNP8fpTVz40AjIZN7PrJiUNjl8rwasqCoFekPZFdCLs7DXzvD3FebaiUNLxxZcLhf73MFmmhvEIIeTpY2CuFB/D1q7NFYQl0ERccLEZWyjmnJLSSNfZ5Czw7C2ShOUO8CC2q7HuiZ6I24pKLLZi82srPB1KT7TvIbw7bHvLSaC+7hsBbcvt/3Wti8r3CrTifY1zEGldFMYYkssU6VDFkKfsKdmRsuhI8d21k2qh9Ldh/ynvMOXOfL35wP2O7TasDGmGMDJGtOAv2Dp9B1nFqd ana.horvat@cluster' },
  { username: 'collab', name: 'desktop', publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDK9XcQG3dMjta6kd0DAjbQWImNhkMgKdkZVynNTnG4M ivan.kovacevic@desktop' },
];

/** Invitations of the lead: `daysAgo` 1 is pending, 10 is past the 7-day expiry. */
export const DEMO_INVITES: { project: string; email: string; oibOf?: string; daysAgo: number }[] = [
  { project: 'ml-materials', email: 'lmaric@fer.hr', oibOf: 'newbie', daysAgo: 1 },
  { project: 'gpu-benchmark', email: 'dgrgic@riteh.hr', daysAgo: 1 },
  { project: 'gpu-benchmark', email: 'marko.petrovic@gmail.com', daysAgo: 10 },
];
