import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ResearchRequest } from '@generated';
import type { ValidationIssue } from '@/schema-runtime/validation-messages';
import { isApiError } from '@/client/api/api-error';
import { useSubmitGeneralRequestMutation, useSubmitResearchRequestMutation } from '@/client/api/projects';
import { schemas } from '@/client/shared/schema-set';
import { paths } from '@/schema-runtime/pages';
import { useToast } from '@/client/shared/toast/use-toast';
import { isRegistryBased, type RequestType } from './request-types';

/**
 * Sends a request of a type: registry-based ones to projects-research, the others to
 * projects-general. Success: the spec's toast, then my requests after `redirectDelayMs`.
 * Failure: 'Zahtjev nije bilo moguće podnijeti: <server message>' and the server's validation
 * issues for the form to show in place.
 */
export function useSubmitRequest(type: RequestType) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [submitGeneral, general] = useSubmitGeneralRequestMutation();
  const [submitResearch, research] = useSubmitResearchRequestMutation();
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const registry = isRegistryBased(type);

  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = useCallback(
    async (data: Record<string, unknown>) => {
      setIssues([]);
      try {
        if (registry) await submitResearch(data as unknown as ResearchRequest).unwrap();
        else await submitGeneral(data).unwrap();
        setDone(true);
        toast.success(t(registry ? 'requests.researchSubmitted' : 'requests.submitted'));
        timer.current = setTimeout(() => navigate(paths.myRequests.href), schemas.constants.redirectDelayMs);
      } catch (error) {
        const message = isApiError(error) ? error.message || `${error.status} ${error.statusText}`.trim() : String(error);
        toast.error(t('requests.failed', { message }));
        if (isApiError(error) && error.issues) setIssues(error.issues);
      }
    },
    [registry, submitResearch, submitGeneral, toast, t, navigate],
  );

  return { submit, submitting: general.isLoading || research.isLoading || done, issues };
}
