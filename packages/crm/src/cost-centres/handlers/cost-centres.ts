import {
  COST_CENTRE_MESSAGES,
  type CostCentre,
  type CrmAnswer,
  MANAGER_USER_TYPE,
  type UserType,
} from '@storefront/contracts';
import { belongsToStorefront } from '../../core/access';
import { type AccountRow, findAccount } from '../../core/accounts';
import { forbidden, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { lockAccount } from '../../db/locks';
import type { CrmDb } from '../../db/open';
import {
  accountContacts,
  type CostCentreValues,
  codeTaken,
  findCostCentre,
  findCostCentreRequired,
  insertCostCentre,
  isAccountContact,
  listCostCentres,
  type NamedCostCentre,
  saveCostCentreRequired,
  spendByCostCentre,
  updateCostCentre,
} from '../queries/cost-centres';
import { costCentreOf, costCentreProblem } from '../rules/cost-centres';

/**
 * The account's cost centres and grant codes (docs/decisions/0063-cost-centres.md). Every type acts on the
 * account the gateway bound, which must be a customer of the storefront (not the guest account, not a
 * prospect); another account's code is refused (403). Changes are the manager's: the gateway lets only
 * managers call them.
 */

export async function costCentreAccount(
  ctx: HandlerContext,
  storefrontId: string,
  accountId: string,
): Promise<AccountRow> {
  const account = await findAccount(ctx.db, accountId);
  if (!account || !belongsToStorefront(account, storefrontId) || account.isGuest || account.isProspect) {
    throw forbidden();
  }
  return account;
}

/** The account's own code: 404 unknown, 403 another account's. */
export async function ownCostCentre(db: CrmDb, accountId: string, id: string): Promise<NamedCostCentre> {
  const row = await findCostCentre(db, id);
  if (!row) throw notFound('there is no cost centre or grant code with this id.', 'costCentreId');
  if (row.accountId !== accountId) throw forbidden();
  return row;
}

const MANAGING: readonly UserType[] = [MANAGER_USER_TYPE, 'AWSAdmin'];

/** The account's codes with their spend: every one for a manager, the usable ones for a buyer. */
export async function accountCostCentres(
  ctx: HandlerContext,
  accountId: string,
  usableOnly: boolean,
): Promise<CostCentre[]> {
  const [rows, spend] = await Promise.all([
    listCostCentres(ctx.db, accountId, usableOnly),
    spendByCostCentre(ctx.db, accountId),
  ]);
  const listed = rows.map((row) => costCentreOf(row, spend.get(row.id) ?? 0, ctx.today));
  return usableOnly ? listed.filter((code) => code.state === 'usable') : listed;
}

export const getCostCentres: Handler<'getCostCentres'> = async (ctx, payload) => {
  const account = await costCentreAccount(ctx, payload.storefrontId, payload.accountId);
  const canManage = payload.userType !== undefined && MANAGING.includes(payload.userType);
  const [costCentres, required, owners] = await Promise.all([
    accountCostCentres(ctx, account.id, !canManage),
    findCostCentreRequired(ctx.db, account.id),
    canManage ? accountContacts(ctx.db, account.id) : [],
  ]);
  return { canManage, currency: account.currency, required, costCentres, owners };
};

type SaveAnswer = CrmAnswer<'saveCostCentre'>;

/** The saved code as the list shows it, with its spend. */
async function shownCostCentre(ctx: HandlerContext, accountId: string, id: string): Promise<CostCentre> {
  const [row, spend] = await Promise.all([
    ownCostCentre(ctx.db, accountId, id),
    spendByCostCentre(ctx.db, accountId),
  ]);
  return costCentreOf(row, spend.get(id) ?? 0, ctx.today);
}

/**
 * Adds or changes a code. Under the account's lock, so two saves of one code at once are checked one after
 * the other and the second is told the code is taken (never a unique-index error).
 */
export const saveCostCentre: Handler<'saveCostCentre'> = async (ctx, payload) => {
  const account = await costCentreAccount(ctx, payload.storefrontId, payload.accountId);
  const { costCentreId } = payload;
  if (costCentreId) await ownCostCentre(ctx.db, account.id, costCentreId);
  const values: CostCentreValues = {
    code: payload.code,
    name: payload.name,
    ownerContactId: payload.ownerContactId,
    budget: payload.budget,
    validFrom: payload.validFrom,
    validUntil: payload.validUntil,
    active: payload.active,
  };
  const problem = costCentreProblem(values);
  if (problem) return { saveStatus: 'ERROR', ...problem } satisfies SaveAnswer;
  if (values.ownerContactId && !(await isAccountContact(ctx.db, account.id, values.ownerContactId))) {
    return { saveStatus: 'ERROR', field: 'ownerContactId', message: COST_CENTRE_MESSAGES.owner };
  }
  const saved = await ctx.db.transaction(async (db) => {
    await lockAccount(db, account.id);
    if (await codeTaken(db, account.id, values.code, costCentreId)) return null;
    if (!costCentreId) return insertCostCentre(db, account.id, values);
    await updateCostCentre(db, costCentreId, values);
    return costCentreId;
  });
  if (!saved) return { saveStatus: 'ERROR', field: 'code', message: COST_CENTRE_MESSAGES.codeTaken };
  return { saveStatus: 'SUCCESS', costCentre: await shownCostCentre(ctx, account.id, saved) };
};

export const setCostCentreActive: Handler<'setCostCentreActive'> = async (ctx, payload) => {
  const account = await costCentreAccount(ctx, payload.storefrontId, payload.accountId);
  await ownCostCentre(ctx.db, account.id, payload.costCentreId);
  await updateCostCentre(ctx.db, payload.costCentreId, { active: payload.active });
  return shownCostCentre(ctx, account.id, payload.costCentreId);
};

export const saveCostCentreSettings: Handler<'saveCostCentreSettings'> = async (ctx, payload) => {
  const account = await costCentreAccount(ctx, payload.storefrontId, payload.accountId);
  await saveCostCentreRequired(ctx.db, account.id, payload.required);
  return { required: payload.required };
};
