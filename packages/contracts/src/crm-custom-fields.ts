import { z } from 'zod';
import { crmType } from './crm-base';
import { id, quoteScope, text } from './crm-fields';
import { CUSTOM_FIELD_MAX_LENGTH, savedCustomFieldSchema } from './custom-fields';

/**
 * The checkout's custom form (issue 11): values stored on the quote, checked by the CRM against the customForm
 * block of the Checkout template (docs/decisions/0022-custom-form-and-custom-code.md).
 */

const customFieldsAnswer = z.object({
  /** What the quote holds now (unchanged when the values were refused). */
  fields: z.array(savedCustomFieldSchema),
  /** One message per refused field, by field name; empty when the values were saved. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type CustomFieldsAnswer = z.infer<typeof customFieldsAnswer>;

const customRow = { group: 'ecommerce', cacheable: false } as const;

export const CUSTOM_FIELD_CRM_TYPES = {
  /**
   * Replaces the custom field values of the caller's own quote that may still change, after checking each
   * against the customForm block of templateId (type, required, maxLength, picklist options; unknown names
   * refused). Refused values answer their errors and save nothing.
   */
  saveCustomFields: crmType({
    ...customRow,
    method: 'POST',
    payload: z.object({
      ...quoteScope,
      quoteId: id,
      templateId: id,
      /** The values as typed, by field name: a number or date as its text, a ticked checkbox 'true'. */
      values: z
        .record(text().max(64), text().max(CUSTOM_FIELD_MAX_LENGTH + 1))
        .refine((values) => Object.keys(values).length <= 50, 'has too many fields'),
    }),
    answer: customFieldsAnswer,
  }),
  /** The custom field values saved on the caller's own quote. */
  getCustomFields: crmType({
    ...customRow,
    method: 'POST',
    payload: z.object({ ...quoteScope, quoteId: id }),
    answer: z.object({ fields: z.array(savedCustomFieldSchema) }),
  }),
};
