import { MESSAGES } from '@storefront/contracts/messages';
import { accountScope, crmCall } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import { formatRecordValue } from '../../lib/record-format';
import type { BlockLoader } from '../loader-types.server';
import { MissingRecord, namesNoRecord } from '../missing-record.server';
import { listPagePath, templateIdNamed } from '../record-pages';

/** A quote line has no currency of its own; its amounts are shown in US dollars. */
const FALLBACK_CURRENCY = 'USD';

/**
 * The record the page's recordId names, if it is the viewer's own: another account's (403) shows a message and
 * nothing of the record; an unknown number, or none, is no page (404).
 */
export const loadRecordDetail: BlockLoader<'recordDetail'> = async ({
  session,
  fields,
  target,
  templates,
}) => {
  const listId = templateIdNamed(templates, fields.listTemplate);
  const listHref = listId ? listPagePath(listId) : null;
  if (!target.recordId) throw new MissingRecord();
  try {
    // A quote's amounts are in its own currency, read along with the fields the page lists.
    const withCurrency = fields.objectName === 'Quote' ? ['currency'] : [];
    const answer = await crmCall(session, 'getRecord', {
      ...accountScope(session),
      objectName: fields.objectName,
      objectId: target.recordId,
      displayFields: [...new Set([...fields.displayFields, ...withCurrency])],
    });
    const { currency } = answer.recordData;
    const format = {
      locale: session.locale,
      currency: typeof currency === 'string' ? currency : FALLBACK_CURRENCY,
    };
    const shown = answer.fieldsMetadata
      .filter((field) => fields.displayFields.includes(field.name))
      .map((field) => ({
        label: field.label,
        value: formatRecordValue(answer.recordData[field.name] ?? null, field.dataType, format),
      }));
    return { record: { id: answer.id, fields: shown }, problem: null, listHref };
  } catch (error) {
    if (error instanceof GatewayCallError && error.status === 403) {
      return { record: null, problem: MESSAGES.accessDenied, listHref };
    }
    throw namesNoRecord(error, 'objectId') ? new MissingRecord() : error;
  }
};
