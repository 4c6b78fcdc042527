import {
  LIST_NAME_MAX,
  MAX_LINES_PER_LIST,
  MAX_LISTS_PER_OWNER,
  type RequisitionList,
  type RequisitionListSummary,
} from '@storefront/contracts';
import { addLinesToCart, type QuoteScope, quoteScope } from '../../cart';
import { stockOfProducts } from '../../catalogue';
import { CrmHttpError, forbidden, invalidPayload, notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import type { CrmDb } from '../../db/open';
import { matchRows } from '../../sales';
import {
  copyLines,
  countOwnedLists,
  deleteList,
  findList,
  insertList,
  type LineRow,
  type ListSummaryRow,
  linesOf,
  listsVisibleTo,
  lockOwner,
  removeLines,
  touchList,
  updateList,
  writeLines,
} from '../queries/lists';
import { type ListRights, requireEdit, requireOwner, rightsOn } from '../rules/access';

/**
 * Requisition lists (docs/decisions/0062-requisition-lists.md): every call acts for one account and one contact
 * (bound by the gateway). Another account's list and a colleague's private one are both 403; a list of another
 * storefront, or none of that id, is 404. What can be ordered of a list, and at what price, is quick order's
 * matching (sales) and the cart's pricing, read each time: a list keeps SKUs and quantities only.
 */

/** The most a list line, like a cart line, holds. */
const MAX_QTY = 100_000;

interface Caller {
  storefrontId: string;
  accountId: string;
  contactId: string;
}

/** Who calls: lists belong to a contact, so a call without one (the gateway binds it) is refused. */
function callerOf(payload: {
  storefrontId: string;
  accountId: string;
  contactId?: string | undefined;
}): Caller {
  const { storefrontId, accountId, contactId } = payload;
  if (!contactId) {
    throw new CrmHttpError(
      403,
      'SIGN_IN_REQUIRED',
      'sign in as a user of the account to keep requisition lists.',
    );
  }
  return { storefrontId, accountId, contactId };
}

interface SeenList {
  row: ListSummaryRow;
  rights: ListRights;
}

function summaryOf({ row, rights }: SeenList): RequisitionListSummary {
  return {
    listId: row.list.id,
    name: row.list.name,
    sharing: row.list.sharing,
    ownerName: row.ownerName ?? 'A colleague',
    lineCount: row.lineCount,
    updatedAt: row.list.updatedAt.toISOString(),
    ...rights,
  };
}

/** The list as the caller may see it: 404 when there is none on this storefront, 403 when it is not theirs to see. */
async function seenList(db: CrmDb, caller: Caller, listId: string, lock = false): Promise<SeenList> {
  const row = await findList(db, listId, lock);
  if (!row || row.list.storefrontId !== caller.storefrontId) {
    throw notFound('there is no requisition list with this id.', 'listId');
  }
  const rights = rightsOn(row.list, caller.accountId, caller.contactId);
  if (!rights) throw forbidden();
  return { row, rights };
}

/** Each line matched against the account's catalogue and priced now (quick order's rules), with its stock. */
async function pricedLines(ctx: HandlerContext, scope: QuoteScope, lines: readonly LineRow[]) {
  const [results, stock] = await Promise.all([
    matchRows(
      ctx,
      scope,
      lines.map((line, index) => ({ line: index + 1, sku: line.sku, qty: line.qty })),
    ),
    stockOfProducts(
      ctx.db,
      scope.account.organisationId,
      lines.map((line) => line.sku),
    ),
  ]);
  return lines.map((line, index) => ({ line, result: results[index], stock: stock.get(line.sku) ?? null }));
}

async function detailOf(ctx: HandlerContext, scope: QuoteScope, seen: SeenList): Promise<RequisitionList> {
  const lines = await linesOf(ctx.db, seen.row.list.id);
  const priced = await pricedLines(ctx, scope, lines);
  return {
    ...summaryOf(seen),
    lineCount: lines.length,
    currency: scope.catalogue.currency,
    lines: priced.map(({ line, result, stock }) => {
      const matched = result?.status === 'matched' ? result : null;
      const problem = result?.status === 'problem' ? result : null;
      return {
        lineId: line.id,
        sku: line.sku,
        qty: line.qty,
        name: matched?.name ?? null,
        unit: matched?.unit ?? null,
        unitPrice: matched?.unitPrice ?? null,
        lineTotal: matched?.lineTotal ?? null,
        stock,
        problem: problem?.problem ?? null,
        message: problem?.message ?? null,
      };
    }),
  };
}

/** Refuses a new list past the lists a buyer may keep; the owner's lock holds until the transaction ends. */
async function roomForAnotherList(db: CrmDb, caller: Caller): Promise<void> {
  await lockOwner(db, caller.storefrontId, caller.contactId);
  if ((await countOwnedLists(db, caller.storefrontId, caller.contactId)) >= MAX_LISTS_PER_OWNER) {
    throw invalidPayload(
      `you keep ${MAX_LISTS_PER_OWNER} lists already, the most a buyer may; delete one you no longer use first.`,
    );
  }
}

/** The line ids named, each of which must be a line of the list. */
function linesNamed(lines: readonly LineRow[], lineIds: readonly string[], field: string): LineRow[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  return lineIds.map((lineId, index) => {
    const line = byId.get(lineId);
    if (!line)
      throw invalidPayload(
        'is not a line of this list (a colleague may have removed it).',
        `${field}.${index}`,
      );
    return line;
  });
}

export const getRequisitionLists: Handler<'getRequisitionLists'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  await quoteScope(ctx, payload);
  const rows = await listsVisibleTo(ctx.db, caller.storefrontId, caller.accountId, caller.contactId);
  const lists = rows.flatMap((row) => {
    const rights = rightsOn(row.list, caller.accountId, caller.contactId);
    return rights ? [summaryOf({ row, rights })] : [];
  });
  return { lists, maxLists: MAX_LISTS_PER_OWNER };
};

export const getRequisitionList: Handler<'getRequisitionList'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  const scope = await quoteScope(ctx, payload);
  return detailOf(ctx, scope, await seenList(ctx.db, caller, payload.listId));
};

export const createRequisitionList: Handler<'createRequisitionList'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  await quoteScope(ctx, payload);
  return ctx.db.transaction(async (db) => {
    await roomForAnotherList(db, caller);
    const listId = await insertList(db, {
      storefrontId: payload.storefrontId,
      accountId: payload.accountId,
      ownerContactId: caller.contactId,
      name: payload.name,
    });
    return summaryOf(await seenList(db, caller, listId));
  });
};

export const updateRequisitionList: Handler<'updateRequisitionList'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  await quoteScope(ctx, payload);
  if (payload.name === undefined && payload.sharing === undefined) {
    throw invalidPayload('name a new name or a sharing.', 'name');
  }
  return ctx.db.transaction(async (db) => {
    const seen = await seenList(db, caller, payload.listId, true);
    requireOwner(seen.rights);
    await updateList(db, payload.listId, { name: payload.name, sharing: payload.sharing });
    return summaryOf(await seenList(db, caller, payload.listId));
  });
};

export const deleteRequisitionList: Handler<'deleteRequisitionList'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  await quoteScope(ctx, payload);
  return ctx.db.transaction(async (db) => {
    requireOwner((await seenList(db, caller, payload.listId, true)).rights);
    await deleteList(db, payload.listId);
    return { deleted: true as const };
  });
};

const copyName = (name: string) => `Copy of ${name}`.slice(0, LIST_NAME_MAX).trim();

export const duplicateRequisitionList: Handler<'duplicateRequisitionList'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  await quoteScope(ctx, payload);
  return ctx.db.transaction(async (db) => {
    const source = await seenList(db, caller, payload.listId);
    await roomForAnotherList(db, caller);
    const listId = await insertList(db, {
      storefrontId: payload.storefrontId,
      accountId: payload.accountId,
      ownerContactId: caller.contactId,
      name: payload.name ?? copyName(source.row.list.name),
    });
    await copyLines(db, payload.listId, listId);
    return summaryOf(await seenList(db, caller, listId));
  });
};

export const addToRequisitionList: Handler<'addToRequisitionList'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  const scope = await quoteScope(ctx, payload);
  // What the account can order is decided before the list is locked: matching reads the catalogue only.
  const results = await matchRows(
    ctx,
    scope,
    payload.entries.map((entry, index) => ({ line: index + 1, ...entry })),
  );
  const refused = results.flatMap((result) =>
    result.status === 'problem' ? [{ sku: result.sku, message: result.message }] : [],
  );
  const accepted = results.flatMap((result, index) =>
    result.status === 'matched' ? [{ sku: result.sku, qty: result.qty, index }] : [],
  );
  const [firstRefusal] = refused;
  if (accepted.length === 0 && firstRefusal) {
    throw invalidPayload(`nothing was added: ${firstRefusal.message}`, 'entries.0.sku');
  }
  return ctx.db.transaction(async (db) => {
    let listId = payload.listId;
    if (listId === undefined) {
      await roomForAnotherList(db, caller);
      listId = await insertList(db, {
        storefrontId: payload.storefrontId,
        accountId: payload.accountId,
        ownerContactId: caller.contactId,
        name: payload.newListName ?? '',
      });
    } else {
      requireEdit((await seenList(db, caller, listId, true)).rights);
    }
    const lines = await linesOf(db, listId);
    const bySku = new Map(lines.map((line) => [line.sku, { ...line }]));
    const added: { sku: string; qty: number }[] = [];
    const changed = new Map<string, { id: string; qty: number }>();
    for (const entry of accepted) {
      const field = `entries.${entry.index}.qty`;
      const onList = bySku.get(entry.sku);
      const earlier = added.find((line) => line.sku === entry.sku);
      const qty = (onList?.qty ?? earlier?.qty ?? 0) + entry.qty;
      if (qty > MAX_QTY)
        throw invalidPayload(`${entry.sku} would be ${qty} on the list; at most ${MAX_QTY}.`, field);
      if (onList) {
        onList.qty = qty;
        changed.set(onList.id, { id: onList.id, qty });
      } else if (earlier) earlier.qty = qty;
      else added.push({ sku: entry.sku, qty });
    }
    if (lines.length + added.length > MAX_LINES_PER_LIST) {
      throw invalidPayload(
        `a list holds at most ${MAX_LINES_PER_LIST} lines; this one has ${lines.length}. Start another list for the rest.`,
        'entries',
      );
    }
    const last = lines.at(-1)?.position ?? -1;
    await writeLines(db, listId, added, [...changed.values()], last + 1);
    await touchList(db, listId);
    const list = summaryOf(await seenList(db, caller, listId));
    return { list, added: accepted.length, refused };
  });
};

export const updateRequisitionListLines: Handler<'updateRequisitionListLines'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  const scope = await quoteScope(ctx, payload);
  await ctx.db.transaction(async (db) => {
    requireEdit((await seenList(db, caller, payload.listId, true)).rights);
    const named = linesNamed(
      await linesOf(db, payload.listId),
      payload.lines.map((line) => line.lineId),
      'lines',
    );
    const changes = named.map((line, index) => ({ id: line.id, qty: payload.lines[index]?.qty ?? line.qty }));
    await writeLines(db, payload.listId, [], changes, 0);
    await touchList(db, payload.listId);
  });
  return detailOf(ctx, scope, await seenList(ctx.db, caller, payload.listId));
};

export const removeRequisitionListLines: Handler<'removeRequisitionListLines'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  const scope = await quoteScope(ctx, payload);
  await ctx.db.transaction(async (db) => {
    requireEdit((await seenList(db, caller, payload.listId, true)).rights);
    linesNamed(await linesOf(db, payload.listId), payload.lineIds, 'lineIds');
    await removeLines(db, payload.listId, payload.lineIds);
    await touchList(db, payload.listId);
  });
  return detailOf(ctx, scope, await seenList(ctx.db, caller, payload.listId));
};

export const addRequisitionListToCart: Handler<'addRequisitionListToCart'> = async (ctx, payload) => {
  const caller = callerOf(payload);
  const scope = await quoteScope(ctx, payload);
  const seen = await seenList(ctx.db, caller, payload.listId);
  const lines = await linesOf(ctx.db, seen.row.list.id);
  const chosen = payload.lineIds ? linesNamed(lines, payload.lineIds, 'lineIds') : lines;
  if (chosen.length === 0) throw invalidPayload('the list has no lines to add.', 'lineIds');
  const results = await matchRows(
    ctx,
    scope,
    chosen.map((line, index) => ({ line: index + 1, sku: line.sku, qty: line.qty })),
  );
  const refused = chosen.flatMap((line, index) => {
    const result = results[index];
    return result?.status === 'problem' ? [{ lineId: line.id, sku: line.sku, message: result.message }] : [];
  });
  const toAdd = chosen.flatMap((line, index) => {
    const result = results[index];
    return result?.status === 'matched'
      ? [{ catalogItemId: result.catalogItemId, qty: line.qty, field: `lineIds.${index}` }]
      : [];
  });
  const [firstRefusal] = refused;
  if (toAdd.length === 0 && firstRefusal) {
    throw invalidPayload(`nothing was added: ${firstRefusal.message}`, 'lineIds');
  }
  // The cart prices what it adds itself, as every add does: nothing of the list's reading is carried over.
  return { ...(await addLinesToCart(ctx, scope, toAdd)), added: toAdd.length, refused };
};
