import { crmEndpoint, type Envelope, envelope, failureOf, MESSAGES, text } from '@storefront/contracts';
import { z } from 'zod';
import { authorizeEndpoint } from './allow-list';
import { errorEnvelope } from './envelope';
import { rootField } from './operation';
import { scopeToPrincipal } from './principal';
import { parseInput } from './resolver-input';

/**
 * salesforceApi's data: the record and its fields by P§7's names (objectName, objectId, displayFields), as
 * getRecord reads them; the CRM's contract checks them and names a field it refuses. An accountId the client
 * names must be one the principal may act for.
 */
const fieldRequest = z.looseObject({ accountId: text().nullish() });

/** Spec P§8: a failed field fetch says 'Failed to fetch Salesforce API field.', with the refusal beside it. */
function fieldFetchFailed(failed: Envelope): Envelope {
  const { errorCode, field, message } = failureOf(failed.content);
  return envelope(failed.statusCode, {
    message: MESSAGES.fieldFetchFailed,
    errorCode,
    field,
    detail: message,
  });
}

/**
 * SalesforceApi(data) of spec P§7: the values and metadata (label, data type) of fields of one of the account's
 * own records, through the CRM's getRecord with the principal's account, for the user types the allow-list
 * lets read records (signed-in users). Any failure keeps its status.
 */
export const salesforceApi = rootField<{ data?: unknown }>('salesforceApi', async (operation) => {
  try {
    const principal = await operation.ctx.principal();
    authorizeEndpoint(principal.userType, 'POST', crmEndpoint('getRecord'));
    const { accountId, ...fields } = parseInput(fieldRequest, operation.args.data ?? {}, 'data');
    const payload = scopeToPrincipal(principal, 'getRecord', fields, accountId);
    const answer = await operation.crm({ type: 'getRecord', payload });
    return answer.statusCode === 200 ? answer : fieldFetchFailed(answer);
  } catch (error) {
    return fieldFetchFailed(errorEnvelope(error));
  }
});
