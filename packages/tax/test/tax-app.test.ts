import {
  type AddressResolutionModel,
  type AvaTaxErrorResult,
  type CreateTransactionModel,
  createTransactionModelSchema,
  type TransactionModel,
} from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { createTaxApp } from '../src';

const credentials = { accountId: '2000123456', licenseKey: 'A1B2C3D4E5F6A7B8' };
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const app = createTaxApp({ credentials, now: () => new Date('2025-06-15T12:00:00Z') });

async function post<T>(
  path: string,
  body: unknown,
  authorization = basic(credentials.accountId, credentials.licenseKey),
) {
  const response = await app.request(path, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const resolve = (address: Record<string, string>) =>
  post<AddressResolutionModel>('/api/v2/addresses/resolve', address);

const SHIP_FROM = {
  line1: '100 Discovery Way',
  city: 'Cambridge',
  region: 'MA',
  country: 'US',
  postalCode: '02142',
};

function invoice(shipTo: Record<string, string>, overrides: Partial<CreateTransactionModel> = {}) {
  const model: CreateTransactionModel = {
    type: 'SalesOrder',
    companyCode: 'BIONOVA',
    date: '2025-06-15',
    customerCode: 'acc-1',
    currencyCode: 'USD',
    addresses: { shipFrom: SHIP_FROM, shipTo },
    lines: [
      { number: '1', quantity: 2, amount: 100, itemCode: 'AB-CD3', taxCode: 'P0000000' },
      { number: '2', quantity: 1, amount: 33.33, itemCode: 'KIT-7', taxCode: 'P0000000' },
    ],
    ...overrides,
  };
  return post<TransactionModel>('/api/v2/transactions/create', createTransactionModelSchema.parse(model));
}

describe('address resolution', () => {
  it('validates a US address against its ZIP code', async () => {
    const { status, body } = await resolve({
      line1: '1 Main St',
      city: 'Portland',
      region: 'OR',
      country: 'US',
      postalCode: '97201',
    });
    expect(status).toBe(200);
    expect(body.messages).toEqual([]);
    expect(body.validatedAddresses).toEqual([
      expect.objectContaining({
        line1: '1 MAIN ST',
        city: 'PORTLAND',
        region: 'OR',
        country: 'US',
        postalCode: '97201',
      }),
    ]);
    expect(body.coordinates?.latitude).toBeCloseTo(45.5, 0);
  });

  it('says when the ZIP code is in another state, and suggests its city and state', async () => {
    const { body } = await resolve({
      line1: '1 Main St',
      city: 'Seattle',
      region: 'WA',
      country: 'usa',
      postalCode: '97201',
    });
    expect(body.messages).toEqual([
      expect.objectContaining({
        summary: 'The postal code does not match the region.',
        severity: 'Error',
        refersTo: 'Address.Region',
      }),
    ]);
    expect(body.validatedAddresses[0]).toMatchObject({ city: 'PORTLAND', region: 'OR' });
  });

  it('says when the city is not the ZIP code’s', async () => {
    const { body } = await resolve({
      line1: '1 Main St',
      city: 'Salem',
      region: 'Oregon',
      country: 'United States',
      postalCode: '97201',
    });
    expect(body.messages.map((m) => m.refersTo)).toEqual(['Address.City']);
    expect(body.validatedAddresses[0]).toMatchObject({ city: 'PORTLAND' });
  });

  it('refuses an unknown ZIP code without a suggestion', async () => {
    const { body } = await resolve({
      line1: '1 Main St',
      city: 'Nowhere',
      region: 'OR',
      country: 'US',
      postalCode: '00000',
    });
    expect(body.messages.map((m) => m.summary)).toEqual(['The postal code was not found.']);
    expect(body.validatedAddresses).toEqual([]);
    expect(body.resolutionQuality).toBe('NotCoded');
  });

  it('fills in the city and state of an incomplete US address from its ZIP code', async () => {
    const { body } = await resolve({ line1: '500 Pine St', country: 'US', postalCode: '98101' });
    expect(body.messages).toEqual([]);
    expect(body.validatedAddresses[0]).toMatchObject({ city: 'SEATTLE', region: 'WA', postalCode: '98101' });
  });

  it('fills in the ZIP code of an address naming its city and state', async () => {
    const { body } = await resolve({ line1: '500 Pine St', city: 'Seattle', region: 'WA', country: 'US' });
    expect(body.validatedAddresses[0]?.postalCode).toMatch(/^981\d\d$/);
  });

  it('validates a Canadian postal code against the province its first letter names', async () => {
    const valid = await resolve({
      line1: '290 Bremner Blvd',
      city: 'Toronto',
      region: 'ON',
      country: 'CA',
      postalCode: 'm5v3l9',
    });
    expect(valid.body.messages).toEqual([]);
    expect(valid.body.validatedAddresses[0]).toMatchObject({
      region: 'ON',
      postalCode: 'M5V 3L9',
      city: 'TORONTO',
    });

    const elsewhere = await resolve({
      line1: '290 Bremner Blvd',
      city: 'Toronto',
      region: 'BC',
      country: 'Canada',
      postalCode: 'M5V 3L9',
    });
    expect(elsewhere.body.messages.map((m) => m.refersTo)).toEqual(['Address.Region']);
    expect(elsewhere.body.validatedAddresses[0]).toMatchObject({ region: 'ON' });
  });

  it('refuses a postal code not written as Canada Post writes them', async () => {
    const { body } = await resolve({ city: 'Toronto', region: 'ON', country: 'CA', postalCode: 'D5V 3L9' });
    expect(body.messages.map((m) => m.summary)).toEqual(['The postal code is not a Canadian postal code.']);
  });

  it('fills in the province of an incomplete Canadian address', async () => {
    const { body } = await resolve({
      line1: '1 Rue Sainte-Catherine',
      city: 'Montréal',
      country: 'CA',
      postalCode: 'H2X 1Z4',
    });
    expect(body.messages).toEqual([]);
    expect(body.validatedAddresses[0]).toMatchObject({ region: 'QC' });
  });
});

describe('transactions', () => {
  it('taxes a sale to a US city with its state and local rates, rounded per line', async () => {
    const { status, body } = await invoice({
      line1: '500 Pine St',
      city: 'Seattle',
      region: 'WA',
      country: 'US',
      postalCode: '98101',
    });
    expect(status).toBe(200);
    expect(body.status).toBe('Temporary');
    // 100 × 10.35 % = 10.35; 33.33 × 6.5 % = 2.16645 → 2.17 and × 3.85 % = 1.283205 → 1.28.
    expect(body.lines.map((line) => line.tax)).toEqual([10.35, 3.45]);
    expect(body.totalTax).toBe(13.8);
    expect(body.totalTaxable).toBe(133.33);
    expect(
      body.summary.map(({ jurisType, jurisName, rate, tax }) => ({ jurisType, jurisName, rate, tax })),
    ).toEqual([
      { jurisType: 'STA', jurisName: 'WASHINGTON', rate: 0.065, tax: 8.67 },
      { jurisType: 'CIT', jurisName: 'SEATTLE', rate: 0.0385, tax: 5.13 },
    ]);
  });

  it('charges no tax in a state without sales tax, and says so', async () => {
    const { body } = await invoice({
      line1: '1 Main St',
      city: 'Portland',
      region: 'OR',
      country: 'US',
      postalCode: '97201',
    });
    expect(body.totalTax).toBe(0);
    expect(body.summary).toEqual([]);
    expect(body.messages[0]?.details).toBe('OR levies no state sales tax.');
  });

  it('charges HST in Ontario and GST plus PST in British Columbia', async () => {
    const ontario = await invoice(
      { city: 'Toronto', region: 'ON', country: 'CA', postalCode: 'M5V 3L9' },
      { currencyCode: 'CAD' },
    );
    expect(ontario.body.summary.map((s) => [s.taxName, s.rate, s.tax])).toEqual([['HST', 0.13, 17.33]]);
    expect(ontario.body.totalTax).toBe(17.33);

    const bc = await invoice(
      { city: 'Vancouver', region: 'BC', country: 'CA', postalCode: 'V6B 1A1' },
      { currencyCode: 'CAD' },
    );
    expect(bc.body.summary.map((s) => [s.jurisType, s.taxName, s.tax])).toEqual([
      ['CNT', 'GST', 6.67],
      ['STA', 'BC PST', 9.33],
    ]);
  });

  it('charges no tax elsewhere, with a message', async () => {
    const { body } = await invoice(
      { city: 'Oslo', country: 'NO', postalCode: '0150' },
      { currencyCode: 'EUR' },
    );
    expect(body.totalTax).toBe(0);
    expect(body.messages[0]?.details).toBe("This service calculates no tax for sales to 'NO'.");
  });

  it('charges an exempt customer nothing', async () => {
    const shipTo = { city: 'Chicago', region: 'IL', country: 'US', postalCode: '60601' };
    const { body } = await invoice(shipTo, {
      lines: [{ number: '1', quantity: 1, amount: 250, entityUseCode: 'E' }],
    });
    expect(body.totalTax).toBe(0);
    expect(body.totalExempt).toBe(250);
    expect(body.lines[0]?.details.map((d) => d.exemptAmount)).toEqual([250, 250, 250, 250]);
  });

  it('records a committed invoice once, however often it is committed', async () => {
    const shipTo = { city: 'Chicago', region: 'IL', country: 'US', postalCode: '60601' };
    const saved = await invoice(shipTo, { type: 'SalesInvoice', code: 'Q-100' });
    expect(saved.body).toMatchObject({ status: 'Saved', version: 1, totalTax: 13.66 });
    const committed = await invoice(shipTo, { type: 'SalesInvoice', code: 'Q-100', commit: true });
    expect(committed.body).toMatchObject({ status: 'Committed', version: 2 });
    const again = await invoice(
      { ...shipTo, postalCode: '97201', region: 'OR', city: 'Portland' },
      {
        type: 'SalesInvoice',
        code: 'Q-100',
        commit: true,
      },
    );
    expect(again.body).toEqual(committed.body);

    const read = await app.request('/api/v2/companies/BIONOVA/transactions/Q-100', {
      headers: { authorization: basic(credentials.accountId, credentials.licenseKey) },
    });
    expect(await read.json()).toEqual(committed.body);
  });

  it('forgets the least recently used documents beyond the lines it keeps, so memory stays bounded', async () => {
    const small = createTaxApp({ credentials, keptDocumentLines: 4 });
    const authorization = basic(credentials.accountId, credentials.licenseKey);
    const shipTo = { city: 'Chicago', region: 'IL', country: 'US', postalCode: '60601' };
    for (const code of ['Q-1', 'Q-2', 'Q-3']) {
      const model = createTransactionModelSchema.parse({
        type: 'SalesInvoice',
        code,
        companyCode: 'BIONOVA',
        customerCode: 'acc-1',
        addresses: { shipFrom: SHIP_FROM, shipTo },
        lines: [
          { number: '1', quantity: 1, amount: 10 },
          { number: '2', quantity: 1, amount: 20 },
        ],
      });
      const created = await small.request('/api/v2/transactions/create', {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(model),
      });
      expect(created.status).toBe(200);
    }
    const statusOf = async (code: string) =>
      (await small.request(`/api/v2/companies/BIONOVA/transactions/${code}`, { headers: { authorization } }))
        .status;
    expect([await statusOf('Q-1'), await statusOf('Q-2'), await statusOf('Q-3')]).toEqual([404, 200, 200]);
  });

  it('refuses a transaction without lines or ship-to address in AvaTax’s error shape', async () => {
    const noLines = await post<AvaTaxErrorResult>('/api/v2/transactions/create', {
      customerCode: 'acc-1',
      addresses: {},
      lines: [],
    });
    expect(noLines.status).toBe(400);
    expect(noLines.body.error).toMatchObject({ code: 'InvalidParameterValue', target: 'lines' });

    const noAddress = await post<AvaTaxErrorResult>('/api/v2/transactions/create', {
      customerCode: 'acc-1',
      addresses: {},
      lines: [{ amount: 10 }],
    });
    expect(noAddress.body.error.code).toBe('AddressRequired');
  });
});

describe('authentication', () => {
  it('answers 401 AuthenticationException to wrong or missing credentials', async () => {
    for (const authorization of [
      basic(credentials.accountId, 'wrong'),
      basic('other', credentials.licenseKey),
      '',
    ]) {
      const { status, body } = await post<AvaTaxErrorResult>(
        '/api/v2/addresses/resolve',
        { postalCode: '97201' },
        authorization,
      );
      expect(status).toBe(401);
      expect(body.error).toMatchObject({
        code: 'AuthenticationException',
        message: 'Authentication failed.',
      });
    }
  });

  it('refuses a NUL in a field with a 400 naming it', async () => {
    const { status, body } = await post<AvaTaxErrorResult>('/api/v2/addresses/resolve', {
      city: 'Port\u0000land',
    });
    expect(status).toBe(400);
    expect(body.error.target).toBe('city');
  });
});
