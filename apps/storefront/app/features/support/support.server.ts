import {
  CASE_SUBJECT_MAX,
  type CaseCreationDetails,
  CONTACT_PHONE_MAX,
  type KnowledgeArticleSummary,
  PRIORITIES,
  SYMPTOMS_MAX,
  SYMPTOMS_MIN,
} from '@storefront/contracts';
import { problemOf } from '@storefront/contracts/crm-errors';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import { authorOf } from '../requests/requests.server';

/** What the support page's search reads from its address: the symptoms and the chosen instrument's model. */
export interface SupportSearch {
  symptoms: string;
  modelSku: string;
}

export function readSearch(url: URL): SupportSearch {
  return {
    symptoms: (url.searchParams.get('symptoms') ?? '').trim().slice(0, SYMPTOMS_MAX),
    modelSku: (url.searchParams.get('model') ?? '').trim().slice(0, 64),
  };
}

/** The articles matching the symptoms, best first; none while the symptoms are too short to search. */
export async function searchKnowledge(
  session: StorefrontSession,
  { symptoms, modelSku }: SupportSearch,
): Promise<KnowledgeArticleSummary[]> {
  if (symptoms.length < SYMPTOMS_MIN) return [];
  const answer = await crmCall(session, 'getKnowledgeDataBySearch', {
    ...accountScope(session),
    symptoms,
    ...(modelSku ? { modelSku } : {}),
    limit: 10,
  });
  return answer.articles;
}

/** The case form as the CRM describes it for the account, passed to the page whole. */
export function caseCreationDetails(session: StorefrontSession): Promise<CaseCreationDetails> {
  return crmCall(session, 'getCaseCreationActionDetails', {
    stfId: session.storefront.storefrontId,
    accountId: session.viewer.accountId,
  });
}

const caseForm = z.object({
  instrumentId: z.string().trim().min(1, 'Choose the instrument the case is about.'),
  subject: z
    .string()
    .trim()
    .max(CASE_SUBJECT_MAX, `The subject may be at most ${CASE_SUBJECT_MAX} characters.`),
  symptoms: z
    .string()
    .trim()
    .min(SYMPTOMS_MIN, 'Describe the symptoms in a few words.')
    .max(SYMPTOMS_MAX, `The symptoms may be at most ${SYMPTOMS_MAX} characters.`),
  priority: z.enum(PRIORITIES, { error: 'Choose a priority.' }),
  contactPhone: z
    .string()
    .trim()
    .max(CONTACT_PHONE_MAX, `The phone number may be at most ${CONTACT_PHONE_MAX} characters.`)
    .regex(/^[\d\s()+./-]*$/, 'Enter the phone number with digits, spaces and + ( ) - only.'),
});

export type CaseFiling =
  | { ok: true; caseId: string; number: string }
  | { ok: false; errors: Record<string, string>; problem: string | null; values: Record<string, string> };

const formText = (body: FormData, key: string) => {
  const value = body.get(key);
  return typeof value === 'string' ? value : '';
};

/** Checks the case form (every message beside its field) and files the case in the CRM. */
export async function fileCase(session: StorefrontSession, body: FormData): Promise<CaseFiling> {
  const values = Object.fromEntries(
    ['instrumentId', 'subject', 'symptoms', 'priority', 'contactPhone'].map((key) => [
      key,
      formText(body, key),
    ]),
  );
  const parsed = caseForm.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, errors, problem: null, values };
  }
  const { subject, contactPhone, ...rest } = parsed.data;
  try {
    const filed = await crmCall(session, 'createSupportCase', {
      ...accountScope(session),
      ...rest,
      ...(subject ? { subject } : {}),
      ...(contactPhone ? { contactPhone } : {}),
      contactName: authorOf(session),
    });
    return { ok: true, caseId: filed.id, number: filed.number };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    const message = problemOf(error);
    if (error.field === 'instrumentId')
      return { ok: false, errors: { instrumentId: message }, problem: null, values };
    return { ok: false, errors: {}, problem: message, values };
  }
}
