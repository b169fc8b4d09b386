/**
 * Filing a new request (POST projects-general/ and projects-research/): which request type the
 * body is, who may file it, its schema, the registry and eligibility checks, then one transaction
 * that numbers it, stores it with its lead and writes the staff mail.
 */
import type { AppContext } from '@/server/context';
import { isAdmin } from '@/server/context';
import type { UserRow } from '@/server/users/queries';
import { lookupIds } from '@/server/db/vocabularies';
import type {
  InstitutionalRequest,
  InternalRequest,
  PracticalClassRequest,
  Project,
  RegistryCollaborator,
  RegistryProject,
  ResearchRequest,
  ThesisRequest,
  WorkshopRequest,
} from '@generated';
import { ApiError, localText, msg } from '@/server/errors';
import { renderMessage, type MessageKey } from '@/server/i18n/messages';
import type { InstituteCheck } from '@generated';
import { isInstitutional, isRegistryBased, mapCurrentClientBody, registryRules } from '@/schema-runtime';
import { checkInstituteEligibility } from '../registry/institute-eligibility';
import { getRegistryInfo } from '../registry/registry-snapshots';
import { nextIdentifier } from './identifiers';
import { mailNewRequest } from './project-mails';
import { assertKnownSoftware, isUniqueViolation, validationError } from './request-checks';
import { loadProject } from './serialize-project';
import { addProject, projectOfRegistryProject } from './queries';
import { formSchemaId, requestTypeOf, STATE, type RequestTypeRule } from './state-rules';
import { addMembers, ROLE } from '@/server/memberships/queries';

/** The message of each reason the institutional check refuses with. */
const INSTITUTE_REASONS: Record<InstituteCheck['status']['message'], MessageKey> = {
  'Access CroRIS': 'instituteAccessCroris',
  'Already submitted': 'instituteAlreadySubmitted',
  'No CroRIS data': 'instituteNoCrorisData',
  'MBZ unknown': 'instituteMbzUnknown',
  'Lead CroRIS project': 'instituteLeadCroris',
  'Associate CroRIS project': 'instituteAssociateCroris',
  'Can submit institute project': 'instituteAllowed',
};

/** Which submit endpoint was called: registry-based types go to `research`, all others to `general`. */
export type SubmitEndpoint = 'general' | 'research';

type GeneralRequest = InstitutionalRequest | InternalRequest | PracticalClassRequest | ThesisRequest | WorkshopRequest;

/** The fields a request stores, whatever its type. */
type StoredFields = {
  name: string;
  institute: string;
  date_start: string | null;
  date_end: string | null;
  croris?: {
    croris_id: number;
    croris_identifier: string;
    croris_title: string;
    croris_summary: string;
    croris_type: string;
    croris_start: string | null;
    croris_end: string | null;
    croris_lead: string;
    croris_finance: string[];
    croris_institute: { class?: string; name: string }[];
    croris_collaborators: RegistryCollaborator[];
  };
};

/** Finds the request type of the body's `project_type` and applies who-may-file rules. */
function requestTypeFor(ctx: AppContext, user: UserRow, body: unknown, endpoint: SubmitEndpoint): RequestTypeRule {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('validationFailed', msg('bodyNotObject'));
  const projectType = (body as { project_type?: unknown }).project_type;
  if (typeof projectType !== 'string')
    throw validationError([{ path: '/project_type', key: 'required', params: { missingProperty: 'project_type' } }]);
  const rule = requestTypeOf(ctx.schemas, projectType);
  if (!rule) throw new ApiError('validationFailed', msg('unknownProjectType', { type: projectType }), {
    issues: [{ path: '/project_type', key: 'notAllowedValue', params: {} }],
  });
  const registryBased = isRegistryBased(ctx.schemas, projectType);
  if (registryBased !== (endpoint === 'research'))
    throw new ApiError('validationFailed', msg('wrongSubmitEndpoint', { type: projectType, endpoint: registryBased ? 'projects-research/' : 'projects-general/' }));
  if (user.person_type === 'foreign') throw new ApiError('forbidden', msg('foreignCannotSubmit'));
  if (!rule.accepting) throw new ApiError('forbidden', localText((lang) => renderMessage('typeNotAccepting', lang, { type: rule.label[lang] })));
  if (rule.staffOnly && !isAdmin(user)) throw new ApiError('forbidden', localText((lang) => renderMessage('typeStaffOnly', lang, { type: rule.label[lang].toLowerCase() })));
  return rule;
}

/** `dd.MM.yyyy` (as the registry writes dates) → `yyyy-MM-dd`; undefined for anything else. */
function fromRegistryDate(value: string | undefined): string | undefined {
  const m = value?.trim().match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})\.?$/);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : undefined;
}

/**
 * The caller's registry project `crorisId`, which they must lead. Looks at the stored registry
 * answer first and, when the project is not there, asks the registry once more (it may have been
 * added since).
 */
async function ledRegistryProject(ctx: AppContext, user: UserRow, crorisId: number) {
  if (!user.person_oib) throw new ApiError('forbidden', msg('noOib'));
  for (const fresh of [false, true]) {
    const info = await getRegistryInfo(ctx, user.person_oib, { fresh });
    if (!info.data) {
      if (info.status.message.includes(registryRules(ctx.schemas).notFoundText)) throw new ApiError('forbidden', msg('notRegistryLead'));
      throw new ApiError('registryUnavailable', msg('registryCheckFailed', { detail: info.status.message }));
    }
    const project = info.data.projects_lead_info.find((p) => p.croris_id === crorisId);
    if (project) return { project, data: info.data };
    if (fresh) {
      if (info.data.projects_lead_info.length === 0) throw new ApiError('forbidden', msg('notRegistryLead'));
      throw new ApiError('forbidden', msg('notLeadOfThisProject'));
    }
  }
  throw new Error('unreachable');
}

/**
 * The registry fields of a research request, taken from the registry and not from the body: the
 * client only echoes what it was shown, and trusting it would let anyone rename or re-date a
 * registry project. Where the registry has no value, the body's (already validated) one is kept.
 */
async function researchFields(ctx: AppContext, user: UserRow, body: ResearchRequest): Promise<StoredFields> {
  const { project, data } = await ledRegistryProject(ctx, user, body.croris_id);
  const p: RegistryProject = project;
  const institutes = p.institute ?? [];
  const leadInstitute = institutes.find((i) => i.class === ctx.schemas.constants.leadInstituteClass) ?? institutes[0];
  const start = fromRegistryDate(p.start) ?? body.date_start;
  const end = fromRegistryDate(p.end) ?? body.date_end;
  const leadName = `${data.person_info.first_name ?? user.first_name} ${data.person_info.last_name ?? user.last_name}`.trim();
  return {
    name: p.title,
    institute: leadInstitute?.name ?? user.person_institution,
    date_start: start,
    date_end: end,
    croris: {
      croris_id: p.croris_id,
      croris_identifier: (p.identifier ?? '').trim(),
      croris_title: p.title,
      croris_summary: p.summary?.trim() ? p.summary : body.croris_summary,
      croris_type: p.type ?? '',
      croris_start: start,
      croris_end: end,
      croris_lead: leadName,
      croris_finance: p.finance ?? [],
      croris_institute: institutes,
      croris_collaborators: data.projects_lead_users[String(p.croris_id)] ?? [],
    },
  };
}

/**
 * Files a request for `user` and answers the stored project. Nothing is written unless every
 * check passes; the identifier, project, lead membership and staff mail commit together.
 *
 * @throws ApiError 400 for a body its request schema refuses (with `issues`), 403 for a rule that
 *   refuses the caller, 409 for a registry project already submitted, 502 when the registry
 *   cannot be asked
 */
export async function submitRequest(ctx: AppContext, user: UserRow, body: unknown, endpoint: SubmitEndpoint): Promise<Project> {
  const { db, schemas } = ctx;
  const rule = requestTypeFor(ctx, user, body, endpoint);
  // The current web client sends its whole form state: what the form does not have is ignored.
  const mapped = mapCurrentClientBody(schemas, formSchemaId(rule), body).body;
  // Role-aware: staff-only values (rules/resource-types.json) are refused for anyone but staff.
  const result = schemas.forRole(isAdmin(user) ? 'staff' : 'user').validate(formSchemaId(rule), mapped);
  if (!result.valid) throw validationError(result.issues);
  const request = mapped as GeneralRequest | ResearchRequest;
  await assertKnownSoftware(db, request.science_software);

  let fields: StoredFields;
  if (endpoint === 'research') {
    const research = request as ResearchRequest;
    // Whether the caller leads it first: only its lead learns that it was already submitted.
    fields = await researchFields(ctx, user, research);
    if ((await projectOfRegistryProject(db, research.croris_id)) !== undefined) throw new ApiError('conflict', msg('registryProjectTaken'));
  } else {
    if (isInstitutional(schemas, rule.projectType)) {
      const check = await checkInstituteEligibility(ctx, user);
      if (check.status.operation !== 'ALLOW') throw new ApiError('forbidden', msg(INSTITUTE_REASONS[check.status.message]));
    }
    const general = request as GeneralRequest;
    fields = {
      // The institutional form may leave the name out; the list still needs something to show.
      name: general.name?.trim() || `${rule.label.hr} – ${user.first_name} ${user.last_name}`.trim(),
      institute: user.person_institution,
      date_start: general.date_start,
      date_end: general.date_end,
    };
  }

  const [states, types] = await Promise.all([lookupIds(db, 'states'), lookupIds(db, 'project_types')]);
  const now = new Date();
  try {
    const identifier = await db.transaction().execute(async (trx) => {
      const code = fields.croris?.croris_identifier || (await nextIdentifier(trx, rule.identifierPrefix, now));
      const croris = fields.croris && {
        ...fields.croris,
        croris_identifier: code,
        croris_lead: JSON.stringify(fields.croris.croris_lead),
        croris_finance: JSON.stringify(fields.croris.croris_finance),
        croris_institute: JSON.stringify(fields.croris.croris_institute),
        croris_collaborators: JSON.stringify(fields.croris.croris_collaborators),
      };
      const projectId = await addProject(trx, {
        identifier: code,
        name: fields.name,
        institute: fields.institute,
        reason: request.reason,
        date_start: fields.date_start,
        date_end: fields.date_end,
        date_submitted: now,
        science_field: JSON.stringify(request.science_field),
        science_software: JSON.stringify(request.science_software ?? []),
        science_extrasoftware: request.science_extrasoftware ?? '',
        science_extrasoftware_help: request.science_extrasoftware_help ?? false,
        resources_numbers: JSON.stringify(request.resources_numbers ?? {}),
        resources_type: JSON.stringify(request.resources_type ?? []),
        staff_resources_type: JSON.stringify([]),
        is_active: false,
        state_id: states.get(STATE.submitted)!,
        project_type_id: types.get(rule.projectType)!,
        ...croris,
      });
      await addMembers(trx, [{ userId: user.id, projectId, role: ROLE.lead, joined: now }]);
      await mailNewRequest(trx, ctx, { identifier: code, name: fields.name, projectType: rule.projectType, typeLabel: rule.label.hr, lead: user });
      return code;
    });
    const project = await loadProject(db, identifier, { includeOib: isAdmin(user) });
    if (!project) throw new Error(`project ${identifier} vanished after its insert`);
    return project;
  } catch (error) {
    // Two submissions of one registry project racing past the check above meet here.
    if (isUniqueViolation(error)) throw new ApiError('conflict', msg(fields.croris ? 'registryProjectTaken' : 'identifierTaken'));
    throw error;
  }
}
