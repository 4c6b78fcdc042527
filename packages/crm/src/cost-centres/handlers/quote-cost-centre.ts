import { costCentreRefusal } from '@storefront/contracts';
import { findChangeableQuote, findQuote, lockChangeableQuote, ownQuote, quoteScope } from '../../cart';
import { CrmHttpError } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { chargeQuote, findCostCentre, findCostCentreRequired } from '../queries/cost-centres';
import { costCentreState } from '../rules/cost-centres';
import { accountCostCentres, costCentreAccount, ownCostCentre } from './cost-centres';

/**
 * Checkout's cost centre or grant code (docs/decisions/0063-cost-centres.md): the buyer charges their own cart
 * to one of their account's codes that can be charged today. Place order checks it again under the quote's
 * lock (checkout's checkSteps), since a code may expire or be deactivated in between.
 */

export const getQuoteCostCentre: Handler<'getQuoteCostCentre'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const account = await costCentreAccount(ctx, payload.storefrontId, scope.account.id);
  const quote = ownQuote(await findQuote(ctx.db, payload.quoteId), scope);
  const [required, choices, current] = await Promise.all([
    findCostCentreRequired(ctx.db, account.id),
    accountCostCentres(ctx, account.id, true),
    quote.costCentreId ? findCostCentre(ctx.db, quote.costCentreId) : undefined,
  ]);
  const chosen =
    quote.costCentreId && current
      ? {
          id: quote.costCentreId,
          code: quote.costCentreCode ?? current.code,
          name: quote.costCentreName ?? current.name,
          problem: costCentreRefusal(current, costCentreState(current, ctx.today)),
        }
      : null;
  return { required, chosen, choices, currency: account.currency };
};

export const setQuoteCostCentre: Handler<'setQuoteCostCentre'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const account = await costCentreAccount(ctx, payload.storefrontId, scope.account.id);
  await findChangeableQuote(ctx.db, scope, payload.quoteId);
  const code = payload.costCentreId ? await ownCostCentre(ctx.db, account.id, payload.costCentreId) : null;
  if (code) {
    const refusal = costCentreRefusal(code, costCentreState(code, ctx.today));
    if (refusal) throw new CrmHttpError(400, 'COST_CENTRE_NOT_CHARGEABLE', refusal, 'costCentreId');
  }
  await ctx.db.transaction(async (db) => {
    await lockChangeableQuote(db, scope, payload.quoteId, 'wait');
    await chargeQuote(db, payload.quoteId, code);
  });
  return {
    quoteId: payload.quoteId,
    costCentre: code && { id: code.id, code: code.code, name: code.name },
  };
};
