import type { MessageAnswer, Project, ProjectChangeBody, ProjectsList, ProjectTimeline, ResearchRequest } from '@generated';
import { api } from './api-slice';
import { LEAD_PROJECTS } from './first-calls';
import { onSuccess, onSuccessOf, PROJECT_LISTS, projectTag } from './tags';

/** The Project entity (schemas/entities/project.json), under the name the client uses. */
export type PortalProject = Project;

export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/internal/projects/: the caller's projects, any role. */
    myProjects: build.query<PortalProject[], void>({
      query: () => 'api/v1/internal/projects/',
      providesTags: [PROJECT_LISTS],
    }),
    /** GET /api/v1/internal/projects/role/lead: the caller's projects as lead (my requests), newest first. */
    myLeadProjects: build.query<PortalProject[], void>({
      query: () => LEAD_PROJECTS,
      providesTags: [PROJECT_LISTS],
    }),
    /** POST /api/v1/internal/projects-general/: files a request of a general type (payload per its request schema). */
    submitGeneralRequest: build.mutation<PortalProject, Record<string, unknown>>({
      query: (body) => ({ url: 'api/v1/internal/projects-general/', method: 'POST', body }),
      invalidatesTags: onSuccess('Projects'),
    }),
    /** POST /api/v1/internal/projects-research/: files a request based on a research-registry project. */
    submitResearchRequest: build.mutation<PortalProject, ResearchRequest>({
      query: (body) => ({ url: 'api/v1/internal/projects-research/', method: 'POST', body }),
      invalidatesTags: onSuccess('Projects'),
    }),
    /** GET /api/v1/internal/projects/:identifier: one project. */
    project: build.query<PortalProject, string>({
      query: (identifier) => `api/v1/internal/projects/${encodeURIComponent(identifier)}`,
      providesTags: (_result, _error, identifier) => [projectTag(identifier)],
    }),
    /** GET /api/v1/internal/projects/:identifier/timeline (the project's lead and staff): its history. */
    projectTimeline: build.query<ProjectTimeline, string>({
      query: (identifier) => `api/v1/internal/projects/${encodeURIComponent(identifier)}/timeline`,
      providesTags: (_result, _error, identifier) => [projectTag(identifier), 'Extensions'],
    }),
    /** GET /api/v1/internal/projects/all (staff): every project and request, newest first, as the staff grids show them. */
    allProjects: build.query<ProjectsList, void>({
      query: () => 'api/v1/internal/projects/all',
      providesTags: [PROJECT_LISTS],
    }),
    /** POST /api/v1/internal/projects/:identifier (staff): change state and fields (project-change payload). */
    changeProject: build.mutation<PortalProject, { identifier: string; body: ProjectChangeBody }>({
      query: ({ identifier, body }) => ({ url: `api/v1/internal/projects/${encodeURIComponent(identifier)}`, method: 'POST', body }),
      invalidatesTags: onSuccessOf(({ identifier }) => [projectTag(identifier), PROJECT_LISTS, 'Users']),
    }),
    /** DELETE /api/v1/internal/projects/:identifier (staff): deletes a request or project. */
    deleteProject: build.mutation<MessageAnswer, string>({
      query: (identifier) => ({ url: `api/v1/internal/projects/${encodeURIComponent(identifier)}`, method: 'DELETE' }),
      invalidatesTags: onSuccessOf((identifier: string) => [projectTag(identifier), PROJECT_LISTS, 'Users']),
    }),
  }),
});

export const {
  useMyProjectsQuery,
  useProjectQuery,
  useProjectTimelineQuery,
  useMyLeadProjectsQuery,
  useSubmitGeneralRequestMutation,
  useSubmitResearchRequestMutation,
  useAllProjectsQuery,
  useChangeProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;
