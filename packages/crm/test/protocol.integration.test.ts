import { CRM_BASE_PATH, crmEndpoint } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededCrm, type SeededCrm, TEST_SERVICE_TOKEN as TOKEN, testEngines } from '../src/testing';

describe.each(await testEngines())('CRM protocol on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.database.close());

  const request = async (path: string, init: RequestInit = {}) => {
    const response = await crm.app.request(path, init);
    // The raw answer: an error is Salesforce's list of errors.
    return { status: response.status, body: await response.json() };
  };
  const authorized = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${TOKEN}`, ...extra });

  describe('authentication', () => {
    it.each([
      ['no header', {}],
      ['a wrong token', { authorization: 'Bearer nope' }],
      ['a token of another length', { authorization: `Bearer ${TOKEN}x` }],
      ['another scheme', { authorization: `Basic ${TOKEN}` }],
      ['an empty bearer', { authorization: 'Bearer ' }],
    ])('refuses %s with 401', async (_, headers) => {
      const answer = await request(crmEndpoint('getActiveStorefronts'), { headers });
      expect(answer).toEqual({
        status: 401,
        body: [{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' }],
      });
    });

    it('checks the token before revealing whether a type exists', async () => {
      expect((await request(`${CRM_BASE_PATH}/nowhere?type=nothing`)).status).toBe(401);
    });
  });

  describe('routing', () => {
    it.each([
      [
        'an unknown group',
        `${CRM_BASE_PATH}/warehouse?type=getActiveStorefronts`,
        'GET',
        /Unknown CRM group 'warehouse'/,
      ],
      ['an unknown type', `${CRM_BASE_PATH}/ecommerce?type=dropTables`, 'GET', /Unknown type 'dropTables'/],
      [
        'a type of another group',
        `${CRM_BASE_PATH}/billingportal?type=getActiveStorefronts`,
        'GET',
        /Unknown type/,
      ],
      ['a missing type', `${CRM_BASE_PATH}/ecommerce`, 'GET', /'type' query parameter is required/],
      ['another path', '/services/other', 'GET', /No CRM endpoint/],
    ])('answers 404 for %s', async (_, path, method, message) => {
      const answer = await request(path, { method, headers: authorized() });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual([{ errorCode: 'NOT_FOUND', message: expect.stringMatching(message) }]);
    });

    it.each([
      ['a GET type asked by POST', crmEndpoint('getActiveStorefronts'), 'POST', /served with GET only/],
      ['a POST type asked by GET', crmEndpoint('retrieveCatalogNG'), 'GET', /served with POST only/],
    ])(
      "answers 405 METHOD_NOT_ALLOWED for %s, as Salesforce's REST API does",
      async (_, path, method, message) => {
        const answer = await request(path, { method, headers: authorized() });
        expect(answer.status).toBe(405);
        expect(answer.body).toEqual([
          { errorCode: 'METHOD_NOT_ALLOWED', message: expect.stringMatching(message) },
        ]);
      },
    );
  });

  describe('payloads', () => {
    const post = (body: string) =>
      request(crmEndpoint('retrieveCatalogNG'), {
        method: 'POST',
        headers: authorized({ 'content-type': 'application/json' }),
        body,
      });

    it('names each field and its problem', async () => {
      const answer = await post(JSON.stringify({ storefrontId: 'a', page: 0, sort: 'random' }));
      expect(answer.status).toBe(400);
      const [error] = answer.body;
      expect(error.errorCode).toBe('INVALID_PAYLOAD');
      expect(error.message).toMatch(/accountId: is required/);
      expect(error.message).toMatch(/page: Too small/);
      expect(error.message).toMatch(/sort: /);
    });

    it('names nested fields by their path', async () => {
      const wrongType = await post(
        JSON.stringify({ storefrontId: 'a', accountId: 'b', filters: { Brand: 'NovaFlow' } }),
      );
      expect(wrongType.status).toBe(400);
      expect(wrongType.body[0].message).toMatch(/^filters\.Brand: .*expected array/);
      const unknownField = await post(
        JSON.stringify({ storefrontId: 'a', accountId: 'b', filters: { Colour: ['red'] } }),
      );
      expect(unknownField.body[0].message).toBe('filters: Unrecognized key: "Colour"');
    });

    it('refuses a body that is not an object', async () => {
      expect((await post('[1, 2]')).body).toEqual([
        {
          errorCode: 'INVALID_PAYLOAD',
          message: expect.stringMatching(/^payload: /),
          field: 'payload',
        },
      ]);
    });

    it('refuses malformed JSON with 400', async () => {
      expect(await post('{"storefrontId": ')).toEqual({
        status: 400,
        body: [{ errorCode: 'JSON_PARSER_ERROR', message: 'The request body is not valid JSON.' }],
      });
    });

    it('refuses a body over 256 KB with 413', async () => {
      const answer = await post(JSON.stringify({ storefrontId: 'x'.repeat(256 * 1024) }));
      expect(answer).toEqual({
        status: 413,
        body: [{ errorCode: 'PAYLOAD_TOO_LARGE', message: expect.any(String) }],
      });
    });

    it('parses GET parameters from the query string', async () => {
      const answer = await request(`${crmEndpoint('getGuestAccounts')}&accId=`, { headers: authorized() });
      expect(answer).toEqual({
        status: 400,
        body: [{ errorCode: 'INVALID_PAYLOAD', message: 'accId: must not be empty', field: 'accId' }],
      });
    });
  });
});
