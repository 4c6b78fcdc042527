import type { ReorderChoice } from '@storefront/contracts/crm-reorder';

/**
 * The reorder form's fields: `line` names each line chosen as it is, `replace` each discontinued line whose
 * replacement is taken instead, and `qty-{sku}` the quantity of a line. Read without script and with alike.
 */
export const REORDER_FIELDS = {
  line: 'line',
  replace: 'replace',
  qty: (sku: string) => `qty-${sku}`,
} as const;

const MAX_QTY = 100_000;

export type ReorderChoices = { ok: true; lines: ReorderChoice[] } | { ok: false; message: string };

/** The lines the buyer chose with their quantities, or what to correct, said about the line. */
export function readReorderChoices(form: FormData): ReorderChoices {
  const named = (field: string) => form.getAll(field).map(String);
  const chosen = [
    ...named(REORDER_FIELDS.line).map((sku) => ({ sku, replacement: false })),
    ...named(REORDER_FIELDS.replace).map((sku) => ({ sku, replacement: true })),
  ];
  if (chosen.length === 0) return { ok: false, message: 'Choose at least one line to add to your cart.' };
  const lines: ReorderChoice[] = [];
  for (const { sku, replacement } of chosen) {
    const text = String(form.get(REORDER_FIELDS.qty(sku)) ?? '').trim();
    const qty = Number(text);
    if (!/^\d+$/.test(text) || qty < 1 || qty > MAX_QTY) {
      return { ok: false, message: `The quantity of ${sku} must be a whole number from 1 to ${MAX_QTY}.` };
    }
    if (lines.some((line) => line.sku === sku)) {
      return { ok: false, message: `Choose ${sku} or its replacement, not both.` };
    }
    lines.push({ sku, qty, replacement });
  }
  return { ok: true, lines };
}
