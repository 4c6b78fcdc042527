import type { CatalogItemCard } from '@storefront/contracts/catalogue';
import type { CpqModel } from '@storefront/contracts/crm-cpq';
import { accountScope, crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';
import { readListFile } from '../quick-order/list-file.server';

export interface Configuration {
  itemId: string;
  optionItemIds: string[];
  qty: number;
}

/** Configuration modes whose items /cpq configures: instruments with option rules. */
const CONFIGURABLE = new Set(['Needs', 'Suggests', 'Upload Configuration']);

/** The instruments of the viewer's catalogue that can be configured, for a page opened without one. */
export async function configurableInstruments(session: StorefrontSession): Promise<CatalogItemCard[]> {
  const page = await crmCall(session, 'retrieveCatalogNG', {
    ...accountScope(session),
    filters: { Format: ['Instrument'] },
    page: 1,
    pageSize: 100,
    sort: 'name',
  });
  return page.items.filter(
    (item) => item.requiresConfiguration && CONFIGURABLE.has(item.requiresConfiguration),
  );
}

export function loadModel(session: StorefrontSession, itemId: string) {
  return crmCall(session, 'getCpqModel', { ...accountScope(session), itemId });
}

export function priceConfiguration(session: StorefrontSession, configuration: Configuration) {
  return crmCall(session, 'priceCpqConfiguration', { ...accountScope(session), ...configuration });
}

export function addConfiguration(session: StorefrontSession, configuration: Configuration) {
  return crmCall(session, 'addCpqConfiguration', { ...accountScope(session), ...configuration });
}

/** The configuration a form posted: the instrument, the ticked suggestions and how many instruments. */
export function postedConfiguration(form: FormData): Configuration | { problem: string } {
  const itemId = String(form.get('itemId') ?? '');
  const qtyText = String(form.get('qty') ?? '').trim();
  if (!/^\d+$/.test(qtyText) || Number(qtyText) < 1)
    return { problem: 'Enter how many instruments, 1 or more.' };
  const optionItemIds = form.getAll('option').map(String);
  return { itemId, optionItemIds, qty: Number(qtyText) };
}

/**
 * A configuration file (Upload Configuration): a CSV or workbook of option SKUs, one per line. Its suggested
 * options are ticked; needed ones are included anyway; a SKU that is no option of the model is reported.
 */
export async function readConfigurationFile(
  model: CpqModel,
  file: File,
): Promise<{ optionItemIds: string[]; problems: string[] } | { problem: string }> {
  const parsed = await readListFile(file);
  if (!parsed.ok) return { problem: parsed.message };
  const bySku = new Map(model.options.map((option) => [option.sku, option]));
  const optionItemIds: string[] = [];
  const problems = parsed.problems.map((problem) => `Line ${problem.line}: ${problem.message}`);
  for (const row of parsed.rows) {
    const option = bySku.get(row.sku);
    if (row.sku === model.instrument.sku || option?.rule === 'Needs') continue;
    if (option) optionItemIds.push(option.catalogItemId);
    else problems.push(`Line ${row.line}: ${row.sku} is not an option of the ${model.instrument.name}.`);
  }
  return { optionItemIds, problems };
}
