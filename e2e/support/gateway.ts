import type { APIRequestContext } from '@playwright/test';

interface Envelope<T> {
  statusCode: number;
  content: T;
}

/** Calls a CRM type through the gateway as the guest of the request's host, as the browser would. */
export async function guestCrmCall<T>(
  request: APIRequestContext,
  type: string,
  callType: 'GET' | 'POST',
  payload: Record<string, unknown>,
): Promise<Envelope<T>> {
  const response = await request.post('/graphql', {
    headers: { 'x-api-key': process.env.GATEWAY_API_KEY ?? '' },
    data: {
      query: 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }',
      variables: {
        data: JSON.stringify({
          callType,
          endpoint: `/services/apexrest/ecommerce?type=${type}`,
          payload: JSON.stringify(payload),
        }),
      },
    },
  });
  const body = (await response.json()) as { data: { salesforceActions: string } };
  return JSON.parse(body.data.salesforceActions) as Envelope<T>;
}
