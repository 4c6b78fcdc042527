import {
  COST_CENTRE_FIELDS,
  type CostCentreField,
  type CostCentreForm,
} from '@storefront/contracts/crm-cost-centres';
import { problemOf } from '@storefront/contracts/crm-errors';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';

/** The manager's writes on /billing/costcentres, each a form post with an intent. */
export type CostCentreResult =
  | { ok: true; intent: 'save' | 'setActive' | 'settings'; message: string; code: string }
  | { ok: false; intent: 'save' | 'setActive' | 'settings'; field: CostCentreField | null; message: string };

export function loadCostCentres(session: StorefrontSession) {
  return crmCall(session, 'getCostCentres', accountScope(session));
}

const text = (body: FormData, name: string) => {
  const value = body.get(name);
  return typeof value === 'string' ? value.trim().slice(0, 1000) : '';
};

/** An amount as a person types it ('12,500.00'): a number, null when empty, NaN when not an amount. */
export function readBudget(value: string): number | null {
  const plain = value.replaceAll(',', '').trim();
  if (!plain) return null;
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : Number.NaN;
}

/** The form as the CRM takes it; the CRM decides every rule, the page only reads the fields. */
export function readCostCentreForm(body: FormData): CostCentreForm {
  return {
    code: text(body, 'code'),
    name: text(body, 'name'),
    ownerContactId: text(body, 'ownerContactId') || null,
    budget: readBudget(text(body, 'budget')),
    validFrom: text(body, 'validFrom') || null,
    validUntil: text(body, 'validUntil') || null,
    active: body.get('active') === 'on',
  };
}

const isField = (name: string | null): name is CostCentreField =>
  name !== null && (COST_CENTRE_FIELDS as readonly string[]).includes(name);

/** A refusal of the CRM's payload rules (bounds, NUL, a date that is not one) shown beside its field. */
async function refusedAsForm<T>(
  intent: CostCentreResult['intent'],
  call: () => Promise<T>,
): Promise<T | CostCentreResult> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayCallError && error.status === 400) {
      return {
        ok: false,
        intent,
        field: isField(error.field) ? error.field : null,
        message: problemOf(error),
      };
    }
    throw error;
  }
}

export async function saveCostCentreForm(
  session: StorefrontSession,
  body: FormData,
): Promise<CostCentreResult> {
  const form = readCostCentreForm(body);
  if (Number.isNaN(form.budget)) {
    return {
      ok: false,
      intent: 'save',
      field: 'budget',
      message: 'Enter the budget as an amount, e.g. 12500.00.',
    };
  }
  const costCentreId = text(body, 'costCentreId') || undefined;
  const answer = await refusedAsForm('save', () =>
    crmCall(session, 'saveCostCentre', { ...accountScope(session), ...form, costCentreId }),
  );
  if ('ok' in answer) return answer;
  if (answer.saveStatus === 'ERROR') {
    return { ok: false, intent: 'save', field: answer.field, message: answer.message };
  }
  const { code } = answer.costCentre;
  return { ok: true, intent: 'save', message: `${code} is saved.`, code };
}

export async function setCostCentreActiveForm(
  session: StorefrontSession,
  body: FormData,
): Promise<CostCentreResult> {
  const active = body.get('active') === 'true';
  const answer = await refusedAsForm('setActive', () =>
    crmCall(session, 'setCostCentreActive', {
      ...accountScope(session),
      costCentreId: text(body, 'costCentreId'),
      active,
    }),
  );
  if ('ok' in answer) return answer;
  return {
    ok: true,
    intent: 'setActive',
    code: answer.code,
    message: `${answer.code} is ${active ? 'active again' : 'deactivated: buyers can no longer choose it'}.`,
  };
}

export async function saveSettingsForm(
  session: StorefrontSession,
  body: FormData,
): Promise<CostCentreResult> {
  const required = body.get('required') === 'on';
  await crmCall(session, 'saveCostCentreSettings', { ...accountScope(session), required });
  return {
    ok: true,
    intent: 'settings',
    code: '',
    message: required
      ? 'Every order now needs a cost centre or grant code.'
      : 'A cost centre or grant code is now asked for at checkout but not required.',
  };
}
