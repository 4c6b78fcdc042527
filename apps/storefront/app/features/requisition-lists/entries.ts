import { LIST_NAME_MAX } from '@storefront/contracts/crm-requisition-lists';
import { z } from 'zod';

/** A SKU and quantity to keep on a list. */
export interface ListEntry {
  sku: string;
  qty: number;
}

/** The form fields of requisition list forms, read alike by the lists page and the "Add to list" control. */

export const listNameField = z
  .string()
  .trim()
  .min(1, 'Enter a name for the list.')
  .max(LIST_NAME_MAX, `A list name may be at most ${LIST_NAME_MAX} characters.`)
  .refine((name) => !name.includes('\0'), 'A list name cannot contain a NUL character.');

export const quantityField = z.coerce
  .number({ message: 'Quantity must be a number.' })
  .int('Quantity must be a whole number.')
  .min(1, 'Quantity must be at least 1.')
  .max(100_000, 'Quantity must be 100,000 or less.');

const sku = z.string().trim().min(1).max(64);

/** The SKUs and quantities a form posts as repeated `sku` and `qty` fields, in the same order. */
export function readEntries(form: FormData): ListEntry[] | string {
  const skus = form.getAll('sku');
  const quantities = form.getAll('qty');
  if (skus.length === 0 || skus.length !== quantities.length) return 'Choose what to add to the list.';
  const entries: ListEntry[] = [];
  for (const [index, value] of skus.entries()) {
    const parsedSku = sku.safeParse(value);
    const qty = quantityField.safeParse(quantities[index]);
    if (!parsedSku.success) return 'A product number is missing.';
    if (!qty.success) return qty.error.issues[0]?.message ?? 'Enter a quantity.';
    entries.push({ sku: parsedSku.data, qty: qty.data });
  }
  return entries;
}
