import { addLinesToCart, quoteScope } from '../../cart';
import { CrmHttpError } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { matchRows } from './catalogue-match';

export const checkQuickOrder: Handler<'checkQuickOrder'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  return { currency: scope.catalogue.currency, results: await matchRows(ctx, scope, payload.rows) };
};

/** Adds every row to the cart at once; one row that cannot be ordered refuses them all, naming it. */
export const addQuickOrder: Handler<'addQuickOrder'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const results = await matchRows(ctx, scope, payload.rows);
  const refused = results.flatMap((result, index) =>
    result.status === 'problem' ? [{ result, index }] : [],
  );
  const [first] = refused;
  if (first && first.result.status === 'problem') {
    const others = refused.length > 1 ? ` (and ${refused.length - 1} more rows)` : '';
    throw new CrmHttpError(
      400,
      'QUICK_ORDER_ROWS_REFUSED',
      `line ${first.result.line}: ${first.result.message}${others} Nothing was added; remove or correct these rows.`,
      `rows.${first.index}.sku`,
    );
  }
  const lines = results.flatMap((result, index) =>
    result.status === 'matched'
      ? [{ catalogItemId: result.catalogItemId, qty: result.qty, field: `rows.${index}.qty` }]
      : [],
  );
  return { ...(await addLinesToCart(ctx, scope, lines)), added: lines.length };
};
