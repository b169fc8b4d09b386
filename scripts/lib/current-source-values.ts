/**
 * The current portal's values for the stand-in database (`current-source.ts`): its vocabulary ids,
 * realistic names, institutions, science fields and software, real SSH keys, and the small
 * derivations the row builders share (OIBs with check digits, key fingerprints, dates).
 */
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';


/** Vocabulary ids of the current portal's fixtures. */
export const SOURCE_STATE = { approve: 1, submit: 2, deny: 3, extend: 4, expire: 5 } as const;
export const SOURCE_PROJECT_TYPE = {
  'research-croris': 1,
  thesis: 2,
  practical: 3,
  'research-institutional': 4,
  internal: 5,
  'srce-workshop': 6,
} as const;
export const SOURCE_ROLE = { lead: 1, collaborator: 2 } as const;

export const STATE_NAME: Record<number, string> = { 1: 'approve', 2: 'submit', 3: 'deny', 4: 'extend', 5: 'expire' };
export const IDENTIFIER_PREFIX: Record<number, string> = { 2: 'NR', 3: 'NR', 4: 'NRI', 5: 'NRM', 6: 'NRR' };

export const FIRST_NAMES = ['Ana', 'Ivan', 'Marija', 'Marko', 'Petra', 'Luka', 'Ivana', 'Tomislav', 'Lucija', 'Filip', 'Katarina', 'Josip', 'Maja', 'Nikola', 'Lana', 'Dario', 'Sara', 'Matej', 'Tena', 'Karlo'];
export const LAST_NAMES = ['Horvat', 'Kovačević', 'Babić', 'Marić', 'Novak', 'Jurić', 'Knežević', 'Vuković', 'Šarić', 'Pavlović', 'Blažević', 'Grgić', 'Perić', 'Đurić', 'Jurković', 'Božić', 'Tomić', 'Kovačić', 'Pavić', 'Radić', 'Matić', 'Lovrić', 'Šimić', 'Petrović', 'Vidović'];

/** Institutions: display name, realm (home organisation), OIB stem (the check digit is computed). */
export const INSTITUTIONS: [name: string, realm: string, oibStem: string, unit: string][] = [
  ['Fakultet elektrotehnike i računarstva', 'fer.hr', '5702926036', 'Zavod za elektroničke sustave i obradbu informacija'],
  ['Prirodoslovno-matematički fakultet', 'pmf.hr', '2816308043', 'Fizički odsjek'],
  ['Institut Ruđer Bošković', 'irb.hr', '6974193413', 'Zavod za teorijsku fiziku'],
  ['Sveučilišni računski centar', 'srce.hr', '5613336531', 'Sektor za napredno računanje'],
  ['Fakultet strojarstva i brodogradnje', 'fsb.hr', '2261340935', 'Zavod za brodogradnju i pomorsku tehniku'],
  ['Medicinski fakultet', 'mef.hr', '6190724052', 'Katedra za medicinsku statistiku'],
  ['Tehnički fakultet u Rijeci', 'riteh.hr', '4614715620', 'Zavod za računarstvo'],
];

export const STAFF = { first_name: 'Marko', last_name: 'Babić', person_uniqueid: 'mbabic@srce.hr', username: 'mbabic@srce.hr' };

/** Science shares in the current portal's shape; domains and fields of schemas/rules/science-domains.json. */
export const SCIENCE: [domain: string, percent: number, fields: [string, number][]][][] = [
  [['Prirodne znanosti', 100, [['Fizika', 100]]]],
  [['Tehničke znanosti', 100, [['Računarstvo', 70], ['Elektrotehnika', 30]]]],
  [['Tehničke znanosti', 60, [['Računarstvo', 100]]], ['Prirodne znanosti', 40, [['Kemija', 60], ['Fizika', 40]]]],
  [['Biomedicina i zdravstvo', 100, [['Temeljne medicinske znanosti', 100]]]],
  [['Prirodne znanosti', 100, [['Kemija', 80], ['Biologija', 20]]]],
  [['Biotehničke znanosti', 100, [['Biotehnologija', 100]]]],
  [['Društvene znanosti', 100, [['Ekonomija', 100]]]],
];

export const PROJECT_NAMES = [
  'Strojno učenje za predviđanje svojstava novih materijala',
  'Molekulska dinamika proteinskih kompleksa',
  'Regionalno modeliranje klime Jadrana',
  'Kvantno-kemijski proračuni katalizatora',
  'Analiza genoma autohtonih sorti vinove loze',
  'Numeričke simulacije strujanja oko brodskog trupa',
  'Diplomski rad: duboke neuronske mreže za segmentaciju slika',
  'Vježbe iz paralelnog programiranja',
];

/** Modulefiles of the current portal's initial science software. */
export const SOFTWARE = [
  'amber/22-cuda', 'bwa-mem2/2.2.1', 'clustalO/1.2.4', 'cp2k/2023.1-gnu', 'crest/2.12-gnu', 'gatk4/4.4.0.0',
  'gaussian/16-C02', 'gromacs/2022.5-cuda', 'gromacs/2023.3-cuda', 'lammps/2Aug2023-gnu', 'mathematica/13.3',
  'mmseqs2/15-6f452', 'namd/2.14-gnu', 'namd/3.0-cuda', 'nwchem/7.2.2-gnu', 'openfoam/v2212', 'orca/5.0.4',
  'orthofinder/2.5.5', 'pytorch/2.1.0-ngc', 'qe/7.2-gnu', 'samtools/1.18', 'tensorflow/2.13.0-ngc', 'wrf/4.4.2-gnu',
  'xtb/6.6.1-gnu',
];

export const RESOURCE_TYPES = ['CPU', 'GPU', 'BIGMEM', 'JUPYTER', 'CLOUD'];

/**
 * Real OpenSSH public keys (made with ssh-keygen; nobody keeps the private halves) and their MD5
 * fingerprints as the current portal stores them (`ssh-keygen -l -E md5` without `MD5:`).
 */
export const SOURCE_SSH_KEYS: { name: string; public_key: string; fingerprint: string }[] = [
  {
    name: 'laptop',
    public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEGtBz2sj19LMwVQgLQCSDaBqpvlJ3KDhsjh7qilerKv ahorvat@laptop',
    fingerprint: 'b3:8a:a8:06:f0:0c:50:dd:50:8d:a2:db:3b:90:fa:89',
  },
  {
    name: 'pmf-ws',
    public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIYhlL62tQrdexks0Hox4HcDoSlCWeEfmiFxAJaZZb4k ikovacevic@pmf-ws',
    fingerprint: '9a:94:64:33:f6:c3:d0:1a:b2:33:3d:ff:df:41:5b:5e',
  },
  {
    name: 'srce',
    public_key:
      'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCggzZDRWiOxyhPMBbIiLYFB1D8ggG2L+Hv0Dec8gAlDoIKb8TRyErXzQv05vLzeozIBOEYC+CIYeUalSDK8xRsOcwcz1qahkMuiTLv5dc4gd9bgk+PLSfAXXU3X9g/UC037mmUD1+iecLGtb+tGs5UDSLO47qIWSLxIHFVJOpK/MHI0+Dtns/0xBOBAFbwKiCWwJcVO+ZN+KwLW4CP2SMI56epQ2YFURsCJWmCpgMSlS0neLOTs0wQqK8TH0YJIB0+xtv82ZoPhyuoEVaxY1s7DIQ1gNt1SN6YdldIfwPPONX3Wu6Agb7mQ+c1FGW0tbKKxCPi6w7rcz1oN5VIv/ah mbabic@srce.hr',
    fingerprint: '03:6f:c0:f7:74:d7:32:13:55:3b:84:ab:bc:02:74:91',
  },
  {
    name: 'irb-cluster',
    public_key:
      'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCiL46bka42WDM7Loxqt+RsTZDoUTgVaAVI0JisgomlGHB4P0y5wHSNsas3kmLmF+Ez6IauwYao2J5CPKfAMQnG7sjeRQLtF/SwvKzdvkVnKzPqdjgVcfrb/56OE1Nt7BfhhKEkurkGAHxIlBNNkZBAF5gBC2Nwlz2Sz2CM2wLLrs9vvhGYvxti+c4rTCYUPsUAtdvNwFWUdsczsPS5c9vqvNS+iw4MdSlWfqGWKllYTBW2FPmLskDlwivkxNWDta7VMypefkIhf3x/Bl0ubXxuNQLJJ3+RVwVlUQNFIzUSg+ie8gNWCXYyFhfy3y3UuggQpC0UJwkKynfDq1L8jvpj mnovak@irb-cluster',
    fingerprint: '25:c6:3e:7b:a3:1b:67:84:d1:2e:db:33:75:4e:4f:30',
  },
  {
    name: 'fer',
    public_key:
      'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBDyAWwmY3y+ZBiqN20vV9UdXfkjJq7gn+/OR3hZVaYcNBN3TrZYAu5zQGJVb4Qu9coyhPtQ5DgP7j6t9666WiTs= tsaric@fer',
    fingerprint: 'a2:3b:12:a0:11:b7:03:5d:fe:23:75:21:c8:56:c8:e7',
  },
];

// ---------------------------------------------------------------------------------------------
// Derived values

export const DAY = 86_400_000;

export function hashBytes(text: string): Buffer {
  return createHash('sha512').update(text).digest();
}

/** `length` (≤ 64) characters of `alphabet` derived from `text`. */
export function derivedChars(text: string, length: number, alphabet: string): string {
  const bytes = hashBytes(text);
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[bytes[i] % alphabet.length];
  return out;
}

export const DIGITS = '0123456789';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** Check digit of a Croatian OIB (ISO 7064, MOD 11,10) for its first ten digits. */
export function oibCheckDigit(stem: string): number {
  let a = 10;
  for (const ch of stem) {
    a = (a + Number(ch)) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  return (11 - a) % 10;
}

export function oib(stem: string): string {
  return `${stem}${oibCheckDigit(stem)}`;
}

/** A valid 11-digit OIB, distinct for every n below 9,000,000,000. */
export function sourceOib(n: number): string {
  return oib(String(1_000_000_000 + ((n * 7919) % 9_000_000_000)));
}

export function ascii(text: string): string {
  return text
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

export function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function md5Colons(blob: Buffer): string {
  return createHash('md5').update(blob).digest('hex').match(/../g)!.join(':');
}

/** The MD5 fingerprint the current portal stores for an OpenSSH public key line (colon hex, no `MD5:`). */
export function sshMd5Fingerprint(publicKeyLine: string): string {
  return md5Colons(Buffer.from(publicKeyLine.trim().split(/\s+/)[1], 'base64'));
}

export function sshString(data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, data]);
}

const ED25519_NAME = sshString(Buffer.from('ssh-ed25519'));
// Any 32 bytes serve as the placeholder `x` of the JWK import: the public key is derived from `d`.
const JWK_X_PLACEHOLDER = Buffer.alloc(32).toString('base64url');

/**
 * A valid OpenSSH Ed25519 public key derived from `n` (the same n gives the same key), with its
 * MD5 fingerprint. About 0.15 ms each.
 */
export function sshEd25519Key(n: number, comment = `user${n}@workstation`): { public_key: string; fingerprint: string } {
  const d = createHash('sha256').update(`current-source-key-${n}`).digest();
  const privateKey = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: d.toString('base64url'), x: JWK_X_PLACEHOLDER }, format: 'jwk' });
  const raw = Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x!, 'base64url');
  const blob = Buffer.concat([ED25519_NAME, sshString(raw)]);
  return { public_key: `ssh-ed25519 ${blob.toString('base64')} ${comment}`, fingerprint: md5Colons(blob) };
}

/** Moves a table's identity sequence past its largest id (as Django's loaddata does). */
export function resetSequenceSql(table: string): string {
  return `SELECT setval(pg_get_serial_sequence('public.${table}', 'id'), max(id)) FROM public.${table};`;
}
