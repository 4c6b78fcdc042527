import { z } from 'zod';
import type { Section } from './blocks';

/**
 * The checkout's custom form (issue 11, C§2 `customForm`): fields an administrator configures on the Checkout
 * template, whose values are stored on the quote. The CRM checks values against the template's definition
 * with `checkCustomValues`; the web checks with the same function first, so both say the same thing.
 */

export const CUSTOM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'email',
  'checkbox',
  'picklist',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** An API name: a letter, then letters, digits and underscores. */
export const CUSTOM_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The longest value of a text-like field when its definition sets no maxLength. */
const DEFAULT_MAX_LENGTH = 255;
/** The longest maxLength a definition may set. */
export const CUSTOM_FIELD_MAX_LENGTH = 4000;

export const customFieldSchema = z
  .object({
    name: z.string().max(40).regex(CUSTOM_FIELD_NAME, 'must be an API name like Cost_Centre'),
    label: z.string().trim().min(1).max(120),
    type: z.enum(CUSTOM_FIELD_TYPES),
    required: z.boolean().default(false),
    maxLength: z.number().int().min(1).max(CUSTOM_FIELD_MAX_LENGTH).optional(),
    helpText: z.string().trim().max(300).optional(),
    /** A picklist's choices, as stored and shown. */
    options: z.array(z.string().trim().min(1).max(120)).max(50).default([]),
  })
  .refine((field) => field.type !== 'picklist' || field.options.length > 0, {
    message: 'a picklist needs at least one option',
    path: ['options'],
  });
export type CustomField = z.output<typeof customFieldSchema>;

/** The customForm block's fields: its heading and its field definitions, each name once. */
export const customFormFields = z.object({
  heading: z.string().trim().min(1).max(120).default('Order details'),
  fields: z
    .array(customFieldSchema)
    .max(30)
    .default([])
    .refine((fields) => new Set(fields.map((field) => field.name)).size === fields.length, {
      message: 'each field needs a name of its own',
    }),
});
export type CustomForm = z.output<typeof customFormFields>;

/** The customCode block: nothing but its customJS/customCSS, and an optional heading for screen readers. */
export const customCodeFields = z.object({ heading: z.string().trim().max(120).default('') });

export type CustomFieldValue = string | number | boolean;

/** A saved value with the label the buyer saw, so an order shows what was asked even if the form changes. */
export const savedCustomFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
});
export type SavedCustomField = z.infer<typeof savedCustomFieldSchema>;

/** A refusal of one field's value, shown beside that field. */
export interface CustomFieldError {
  field: string;
  message: string;
}

/** The customForm of a template's sections (the first one); null when it has none or it is misconfigured. */
export function customFormOf(sections: readonly Section[]): CustomForm | null {
  for (const section of sections) {
    const found = section.blocks.find((block) => block.componentName === 'customForm');
    if (found) {
      const parsed = customFormFields.safeParse(found.fields);
      return parsed.success ? parsed.data : null;
    }
  }
  return null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The maxLength that applies to a text-like field. */
export function maxLengthOf(field: CustomField): number {
  return field.maxLength ?? (field.type === 'textarea' ? CUSTOM_FIELD_MAX_LENGTH : DEFAULT_MAX_LENGTH);
}

/** One value as stored (undefined: left empty), or the message to show beside its field. */
function checkValue(
  field: CustomField,
  raw: string | undefined,
): { value?: CustomFieldValue } | { message: string } {
  const { label } = field;
  const text = raw?.trim() ?? '';
  if (field.type === 'checkbox') {
    // Only a ticked box is a value; an unticked one is left out like an empty field.
    const checked = text === 'true' || text === 'on';
    if (!checked && text !== 'false' && text !== '')
      return { message: `${label} must be ticked or left unticked.` };
    if (field.required && !checked) return { message: `${label} is required.` };
    return checked ? { value: true } : {};
  }
  if (!text) return field.required ? { message: `${label} is required.` } : {};
  if (text.includes('\0')) return { message: `${label} must not contain a NUL character.` };
  switch (field.type) {
    case 'number': {
      const number = Number(text);
      return Number.isFinite(number) && /^-?\d+(\.\d+)?$/.test(text)
        ? { value: number }
        : { message: `${label} must be a number, like 12 or 3.5.` };
    }
    case 'date':
      return isCalendarDate(text) ? { value: text } : { message: `${label} must be a date like 2026-12-31.` };
    case 'picklist':
      return field.options.includes(text)
        ? { value: text }
        : { message: `${label} must be one of: ${field.options.join(', ')}.` };
    case 'email':
      if (!EMAIL.test(text)) return { message: `${label} must be an email address like name@example.com.` };
      break;
  }
  const max = maxLengthOf(field);
  return text.length > max ? { message: `${label} may have at most ${max} characters.` } : { value: text };
}

/**
 * Checks values typed into a custom form against its definition: every field is checked (so each error sits
 * beside its own field), unknown names are refused, empty optional fields are left out.
 */
export function checkCustomValues(
  form: CustomForm,
  values: Readonly<Record<string, string>>,
): { saved: SavedCustomField[]; errors: CustomFieldError[] } {
  const known = new Set(form.fields.map((field) => field.name));
  const errors: CustomFieldError[] = Object.keys(values)
    .filter((name) => !known.has(name))
    .map((name) => ({ field: name, message: 'This field is not on the form; reload the page.' }));
  const saved: SavedCustomField[] = [];
  for (const field of form.fields) {
    const checked = checkValue(field, values[field.name]);
    if ('message' in checked) errors.push({ field: field.name, message: checked.message });
    else if (checked.value !== undefined)
      saved.push({ name: field.name, label: field.label, value: checked.value });
  }
  return { saved, errors };
}

/** A required field without a saved value (a required checkbox must be ticked); null when all are there. */
export function missingRequiredField(
  form: CustomForm,
  saved: readonly SavedCustomField[],
): CustomField | null {
  const values = new Map(saved.map((entry) => [entry.name, entry.value]));
  return (
    form.fields.find((field) => {
      if (!field.required) return false;
      const value = values.get(field.name);
      return value === undefined || value === '' || value === false;
    }) ?? null
  );
}

/** A saved value as a person reads it on the order. */
export function displayCustomValue(value: CustomFieldValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
