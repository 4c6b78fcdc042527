import { checkCustomValues, customFormOf } from '@storefront/contracts';
import { changeQuote, findQuote, ownQuote, quoteScope, setCustomFields } from '../../cart';
import { notFound } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { findCheckoutTemplate } from '../../orders';

/**
 * The checkout's custom form values (issue 11), checked against the customForm block of the storefront's
 * template templateId: the CRM is the authority, whatever the browser checked. Refused values save nothing
 * and answer one message per field; only the quote's owner may save, and a checked-out quote is refused.
 */
export const saveCustomFields: Handler<'saveCustomFields'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const template = await findCheckoutTemplate(ctx.db, scope.storefrontId, payload.templateId);
  if (!template) throw notFound('there is no template with this id on this storefront.', 'templateId');
  const form = customFormOf(template.sections) ?? { heading: '', fields: [] };
  return changeQuote(ctx, scope, payload.quoteId, async (tx, quote) => {
    const { saved, errors } = checkCustomValues(form, payload.values);
    if (errors.length > 0) return { fields: quote.customFields, errors };
    await setCustomFields(tx.db, quote.id, saved);
    return { fields: saved, errors: [] };
  });
};

/** The values saved on the caller's own quote (403 another's, 404 none). */
export const getCustomFields: Handler<'getCustomFields'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = ownQuote(await findQuote(ctx.db, payload.quoteId), scope);
  return { fields: quote.customFields };
};
