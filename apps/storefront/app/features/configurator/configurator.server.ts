import { type CrmAnswer, type InstalledInstrument, problemOf } from '@storefront/contracts';
import { z } from 'zod';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import { listInstallBase } from '../install-base/install-base.server';
import { ownRecord } from '../requests/requests.server';
import { QTY_FIELD_PREFIX, qtyFieldName } from './fields';

export type PartsList = CrmAnswer<'getPartsList'>;

/** What /configurator shows: which instrument or model, its parts tree, and what the cart holds of it. */
export interface ConfiguratorPage {
  instruments: InstalledInstrument[];
  parts: PartsList;
  /** Qty in the cart by catalogue item id. */
  inCart: Record<string, number>;
  /** Why no tree is shown, when none is. */
  notice: string | null;
}

type Selection = { installBaseId: string } | { modelSku: string } | Record<string, never>;

/**
 * The parts tree the address asks for: `instrument` (an installed instrument of the account), `model` (a
 * model's SKU), or `itemId` (the catalogue item a product card's CONFIGURE sends: the account's instrument of
 * that model when it has one, else the model). Without any, the account's first active instrument.
 */
export async function loadConfigurator(session: StorefrontSession): Promise<ConfiguratorPage> {
  const scope = accountScope(session);
  const instruments = await listInstallBase(session);
  // Another account's instrument is the 403 page, an unknown one or a model without parts the 404 page.
  const partsOf = (selection: Selection) =>
    ownRecord(() => crmCall(session, 'getPartsList', { ...scope, ...selection }), 'instrument or parts list');
  const { parts, notice } = await selectParts(session.url.searchParams, instruments, partsOf);
  const { quantities } = await crmCall(session, 'getQliQuantity', { ...scope, itemIds: [] });
  return {
    instruments,
    parts,
    inCart: Object.fromEntries(quantities.map((line) => [line.itemId, line.qty])),
    notice,
  };
}

async function selectParts(
  query: URLSearchParams,
  instruments: readonly InstalledInstrument[],
  partsOf: (selection: Selection) => Promise<PartsList>,
): Promise<{ parts: PartsList; notice: string | null }> {
  const instrumentId = query.get('instrument');
  if (instrumentId) return { parts: await partsOf({ installBaseId: instrumentId }), notice: null };
  const modelSku = query.get('model');
  if (modelSku) return { parts: await partsOf({ modelSku }), notice: null };
  const itemId = query.get('itemId');
  if (itemId) {
    const choices = await partsOf({});
    const model = choices.models.find((choice) => choice.itemId === itemId);
    const owned = model && instruments.find((i) => i.modelSku === model.sku && i.status === 'Active');
    if (owned) return { parts: await partsOf({ installBaseId: owned.id }), notice: null };
    if (model) return { parts: await partsOf({ modelSku: model.sku }), notice: null };
    return {
      parts: choices,
      notice: 'This product has no parts list. Choose one of your instruments or a model.',
    };
  }
  const firstActive = instruments.find((instrument) => instrument.status === 'Active');
  if (firstActive) return { parts: await partsOf({ installBaseId: firstActive.id }), notice: null };
  return {
    parts: await partsOf({}),
    notice: 'Your account has no instruments registered yet. Choose a model to see its parts.',
  };
}

export type AddPartsResult =
  | { ok: true; message: string }
  | { ok: false; message: string; problems: Record<string, string> };

const wholeQty = z.coerce
  .number({ error: 'Enter a number.' })
  .int('Enter a whole number.')
  .min(1, 'Enter at least 1.')
  .max(100_000, 'Enter at most 100,000.');

/**
 * Adds parts to the cart: the one whose Add button was pressed (its quantity, 1 when left empty), or every
 * part with a quantity. Each problem is answered beside its part's quantity.
 */
export async function addParts(session: StorefrontSession, form: FormData): Promise<AddPartsResult> {
  const only = form.get('only');
  const entries = [...form.entries()].flatMap(([name, value]) =>
    name.startsWith(QTY_FIELD_PREFIX) && typeof value === 'string'
      ? [{ partNumber: name.slice(QTY_FIELD_PREFIX.length), raw: value.trim() }]
      : [],
  );
  const chosen =
    typeof only === 'string'
      ? [{ partNumber: only, raw: entries.find((entry) => entry.partNumber === only)?.raw || '1' }]
      : entries.filter((entry) => entry.raw !== '' && entry.raw !== '0');
  if (chosen.length === 0) {
    return { ok: false, message: 'Enter a quantity for the parts you want to add.', problems: {} };
  }
  const problems: Record<string, string> = {};
  const parts = chosen.flatMap(({ partNumber, raw }) => {
    const qty = wholeQty.safeParse(raw);
    if (!qty.success)
      problems[qtyFieldName(partNumber)] = qty.error.issues[0]?.message ?? 'Enter a quantity.';
    return qty.success ? [{ partNumber, qty: qty.data }] : [];
  });
  if (Object.keys(problems).length > 0) {
    return { ok: false, message: 'Check the quantities marked below.', problems };
  }
  try {
    const answer = await crmCall(session, 'addPartToQuote', { ...accountScope(session), parts });
    return { ok: true, message: addedMessage(parts, answer) };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    const index = Number(/^parts\.(\d+)\./.exec(error.field ?? '')?.[1]);
    const part = Number.isInteger(index) ? parts[index] : undefined;
    const message =
      error.errorCode === 'PART_NOT_ORDERABLE'
        ? 'This part cannot be ordered from your catalogue. Your account manager can quote it.'
        : problemOf(error);
    return part
      ? {
          ok: false,
          message: 'A part could not be added.',
          problems: { [qtyFieldName(part.partNumber)]: message },
        }
      : { ok: false, message, problems: {} };
  }
}

function addedMessage(
  parts: readonly { partNumber: string; qty: number }[],
  answer: CrmAnswer<'addPartToQuote'>,
): string {
  const successorOf = new Map(answer.replaced.map((row) => [row.partNumber, row.successorSku]));
  const added = parts.map(({ partNumber, qty }) => {
    const sku = successorOf.get(partNumber) ?? partNumber;
    const line = answer.lines.find((candidate) => candidate.sku === sku);
    const replaced = successorOf.has(partNumber) ? ` (replaces ${partNumber})` : '';
    return `${qty} × ${line?.name ?? sku}${replaced}`;
  });
  return `Added to your cart: ${added.join(', ')}.`;
}

/** What /configurator/manageComponents shows for the chosen instrument. */
export interface ComponentsPage {
  instruments: InstalledInstrument[];
  instrument: InstalledInstrument | null;
  components: CrmAnswer<'getLinkComponent'> | null;
}

export async function loadComponents(session: StorefrontSession): Promise<ComponentsPage> {
  const instruments = await listInstallBase(session);
  const installBaseId =
    session.url.searchParams.get('instrument') ??
    instruments.find((candidate) => candidate.status === 'Active')?.id;
  if (!installBaseId) return { instruments, instrument: null, components: null };
  // Another account's instrument is the 403 page, an unknown one the 404 page.
  const components = await ownRecord(
    () => crmCall(session, 'getLinkComponent', { ...accountScope(session), installBaseId }),
    'instrument',
  );
  const instrument = instruments.find((candidate) => candidate.id === installBaseId) ?? null;
  return { instruments, instrument, components };
}

const LINK_FIELDS = ['itemId', 'quantity', 'serialNumber'] as const;
type LinkProblems = Partial<Record<(typeof LINK_FIELDS)[number], string>>;
const isLinkField = (field: unknown): field is (typeof LINK_FIELDS)[number] =>
  LINK_FIELDS.some((name) => name === field);

export type ComponentsActionResult =
  | { ok: true; message: string }
  | { ok: false; message: string; problems: LinkProblems };

const linkForm = z.object({
  installBaseId: z.string().min(1),
  itemId: z.string().trim().min(1, 'Choose the part to link.'),
  quantity: z.coerce
    .number({ error: 'Enter a number.' })
    .int('Enter a whole number.')
    .min(1, 'Enter at least 1.')
    .max(100, 'Enter at most 100.'),
  serialNumber: z.string().trim().max(40, 'Enter at most 40 characters.'),
});
const unlinkForm = z.object({ installBaseId: z.string().min(1), componentId: z.string().min(1) });

/** Links a part to the chosen instrument, or unlinks one of its components. */
export async function changeComponents(
  session: StorefrontSession,
  form: FormData,
): Promise<ComponentsActionResult> {
  const fields = Object.fromEntries(form);
  try {
    if (fields.intent === 'unlink') {
      const parsed = unlinkForm.safeParse(fields);
      if (!parsed.success) return { ok: false, message: 'Choose the component to unlink.', problems: {} };
      await crmCall(session, 'unlinkKitItem', { ...accountScope(session), ...parsed.data });
      return { ok: true, message: 'The component has been unlinked.' };
    }
    const parsed = linkForm.safeParse({ serialNumber: '', ...fields });
    if (!parsed.success) {
      const problems: LinkProblems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isLinkField(field)) problems[field] ??= issue.message;
      }
      return { ok: false, message: 'Check the fields marked below.', problems };
    }
    const { serialNumber, ...link } = parsed.data;
    const { linked } = await crmCall(session, 'linkComponent', {
      ...accountScope(session),
      ...link,
      ...(serialNumber ? { serialNumber } : {}),
    });
    const added = linked.at(-1);
    return { ok: true, message: `Linked ${added?.name ?? 'the part'} to the instrument.` };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    if (error.status === 400 && isLinkField(error.field)) {
      return {
        ok: false,
        message: 'Check the fields marked below.',
        problems: { [error.field]: problemOf(error) },
      };
    }
    if (error.errorCode === 'INSTRUMENT_DECOMMISSIONED') {
      return {
        ok: false,
        message: 'This instrument is decommissioned: nothing new can be linked to it.',
        problems: {},
      };
    }
    // Another account's instrument or component is refused as one that is gone.
    return {
      ok: false,
      message: 'This instrument or component is no longer in your install base. Reload the page.',
      problems: {},
    };
  }
}
