import { describe, expect, it } from 'vitest';
import { crmCallbackFetch } from '../src/payments';

describe("the payment provider's way to the CRM", () => {
  const seen: Request[] = [];
  const relay = crmCallbackFetch('http://crm.embedded', 'service-token', (request) => {
    seen.push(request);
    return new Response('{}');
  });

  it('adds the service token for the CRM, keeping the signed body', async () => {
    const body = JSON.stringify({ request_id: 'r-1', signature: 's' });
    await relay(
      new Request('http://crm.embedded/services/apexrest/ecommerce?type=paymentRequestHandler', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    );
    const [request] = seen;
    expect(request?.headers.get('authorization')).toBe('Bearer service-token');
    expect(await request?.text()).toBe(body);
  });

  it('never sends the token to another host', async () => {
    await expect(
      relay(new Request('http://crm.embedded.evil.example/x', { method: 'POST' })),
    ).rejects.toThrow('payment callback refused: http://crm.embedded.evil.example is not the CRM');
    expect(seen).toHaveLength(1);
  });
});
