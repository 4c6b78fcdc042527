import { z } from 'zod';
import { text } from './crm-fields';

/**
 * The part of Avalara AvaTax REST v2 (https://developer.avalara.com/api-reference/avatax/rest/v2/) the CRM
 * uses: resolving an address and creating (and committing) a transaction. The embedded tax service parses
 * requests with these schemas and the CRM's client parses answers with them, so either side can be swapped
 * for Avalara's own. Field names and casing are AvaTax's; answers keep only the fields we read.
 */

const addressLine = () => text().trim().max(100).optional();

/** AddressValidationInfo (also AvaTax's AddressLocationInfo for transaction addresses). */
export const addressValidationInfoSchema = z.object({
  line1: addressLine(),
  line2: addressLine(),
  line3: addressLine(),
  city: text().trim().max(50).optional(),
  region: text().trim().max(50).optional(),
  country: text().trim().max(50).optional(),
  postalCode: text().trim().max(11).optional(),
});
export type AddressValidationInfo = z.infer<typeof addressValidationInfoSchema>;

/** AddressInfo as AvaTax answers it (a validated address carries its coordinates). */
export const addressInfoSchema = z.object({
  line1: z.string().optional(),
  line2: z.string().optional(),
  line3: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  country: z.string().optional(),
  postalCode: z.string().optional(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
});
export type AddressInfo = z.infer<typeof addressInfoSchema>;

/** AvaTax's SeverityLevel. */
export const AVATAX_SEVERITIES = ['Success', 'Warning', 'Error', 'Exception'] as const;

/** AvaTaxMessage: what an address resolution or a transaction has to say about its input. */
export const avaTaxMessageSchema = z.object({
  summary: z.string(),
  details: z.string(),
  refersTo: z.string(),
  severity: z.enum(AVATAX_SEVERITIES),
  source: z.string(),
});
export type AvaTaxMessage = z.infer<typeof avaTaxMessageSchema>;

/** AvaTax's ResolutionQuality, from no location at all to a rooftop. */
export const RESOLUTION_QUALITIES = [
  'NotCoded',
  'External',
  'CountryCentroid',
  'RegionCentroid',
  'PartialCentroid',
  'PostalCentroidGood',
  'PostalCentroidBetter',
  'PostalCentroidBest',
  'Intersection',
  'Interpolated',
  'Rooftop',
] as const;

/** AddressResolutionModel; AvaTax leaves `messages` out when it has none. */
export const addressResolutionModelSchema = z.object({
  address: addressInfoSchema,
  validatedAddresses: z.array(addressInfoSchema).default([]),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullish(),
  resolutionQuality: z.enum(RESOLUTION_QUALITIES),
  messages: z.array(avaTaxMessageSchema).default([]),
});
export type AddressResolutionModel = z.infer<typeof addressResolutionModelSchema>;

/**
 * DocumentType: a SalesOrder is an estimate AvaTax does not keep (status Temporary); a SalesInvoice is
 * recorded under its code (Saved, or Committed when `commit` is true).
 */
export const DOCUMENT_TYPES = ['SalesOrder', 'SalesInvoice'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_STATUSES = ['Temporary', 'Saved', 'Committed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

const code = (max: number) => text().trim().min(1, 'must not be empty').max(max);
const amount = z.number().finite().min(-1e10).max(1e10);

/** LineItemModel. `exemptionCode` or `entityUseCode` (AvaTax's entity use codes, e.g. 'E' charity) exempts the line. */
export const lineItemModelSchema = z.object({
  number: code(50).optional(),
  quantity: z.number().finite().positive().max(1e9).default(1),
  /** The line's total amount (not a unit price), as AvaTax takes it. */
  amount,
  itemCode: code(50).optional(),
  taxCode: code(25).optional(),
  description: text().max(2048).optional(),
  exemptionCode: code(25).optional(),
  entityUseCode: code(25).optional(),
});
export type LineItemModel = z.infer<typeof lineItemModelSchema>;

/** CreateTransactionModel, the fields we send. */
export const createTransactionModelSchema = z.object({
  type: z.enum(DOCUMENT_TYPES).default('SalesOrder'),
  companyCode: code(25).optional(),
  /** AvaTax requires it; the embedded service dates a transaction without one today. */
  date: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
  customerCode: code(50),
  code: code(50).optional(),
  commit: z.boolean().default(false),
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code')
    .default('USD'),
  addresses: z.object({
    singleLocation: addressValidationInfoSchema.optional(),
    shipFrom: addressValidationInfoSchema.optional(),
    shipTo: addressValidationInfoSchema.optional(),
  }),
  lines: z.array(lineItemModelSchema).min(1, 'must have at least one line').max(1000),
});
export type CreateTransactionModel = z.input<typeof createTransactionModelSchema>;

/** AvaTax's JurisTypeId: country, state (or province), county, city, special district. */
export const JURIS_TYPES = ['CNT', 'STA', 'CTY', 'CIT', 'STJ'] as const;
export type JurisType = (typeof JURIS_TYPES)[number];

/** The jurisdiction and rate both the line details and the summary name. */
const jurisdictionFields = {
  country: z.string(),
  region: z.string(),
  jurisType: z.enum(JURIS_TYPES),
  jurisCode: z.string(),
  jurisName: z.string(),
  taxName: z.string(),
  rate: z.number(),
};

/** TransactionLineDetailModel: one jurisdiction's tax on one line. */
export const transactionLineDetailSchema = z.object({
  ...jurisdictionFields,
  taxableAmount: z.number(),
  exemptAmount: z.number(),
  tax: z.number(),
});
export type TransactionLineDetail = z.infer<typeof transactionLineDetailSchema>;

/** TransactionLineModel. */
export const transactionLineSchema = z.object({
  lineNumber: z.string(),
  itemCode: z.string().nullish(),
  taxCode: z.string().nullish(),
  quantity: z.number(),
  lineAmount: z.number(),
  taxableAmount: z.number(),
  exemptAmount: z.number(),
  tax: z.number(),
  details: z.array(transactionLineDetailSchema).default([]),
});

/** TransactionSummary: one jurisdiction's tax over the whole transaction. */
export const transactionSummarySchema = z.object({
  ...jurisdictionFields,
  taxable: z.number(),
  exemption: z.number(),
  tax: z.number(),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

/** TransactionModel, the fields we read. `version` grows each time a saved document is replaced. */
export const transactionModelSchema = z.object({
  id: z.number(),
  code: z.string(),
  companyCode: z.string().optional(),
  date: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  customerCode: z.string(),
  currencyCode: z.string(),
  version: z.number().optional(),
  totalAmount: z.number(),
  totalExempt: z.number(),
  totalTaxable: z.number(),
  totalTax: z.number(),
  lines: z.array(transactionLineSchema).default([]),
  summary: z.array(transactionSummarySchema).default([]),
  messages: z.array(avaTaxMessageSchema).default([]),
});
export type TransactionModel = z.infer<typeof transactionModelSchema>;

/** ErrorResult: how AvaTax refuses a request. */
export const avaTaxErrorResultSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    target: z.string(),
    details: z
      .array(
        z.object({
          code: z.string(),
          message: z.string(),
          description: z.string().optional(),
          faultCode: z.string().optional(),
          refersTo: z.string().nullish(),
          severity: z.enum(AVATAX_SEVERITIES),
        }),
      )
      .default([]),
  }),
});
export type AvaTaxErrorResult = z.infer<typeof avaTaxErrorResultSchema>;
