import { readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CRM_GROUPS, CRM_TYPES, type CrmType, OPERATIONS_ROUTES, servedUnder } from '../src';
import { OPENAPI_DOCUMENTS, type OpenApiDocumentName, openApiJson, SchemaComponents } from '../src/openapi';

/** The parts of a document these tests read. */
interface Schema {
  $ref?: string;
  anyOf?: Schema[];
  enum?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
}
interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
  schema?: Schema;
}
type Content = Record<string, { schema: Schema }>;
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Content };
  responses: Record<string, { $ref?: string; content?: Content }>;
  'x-crm-types'?: Record<string, { payload: Schema; answer: Schema; cacheable: boolean }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}
const NAMES = Object.keys(OPENAPI_DOCUMENTS) as OpenApiDocumentName[];
const checkedIn = (name: OpenApiDocumentName) =>
  readFileSync(new URL(`../../../docs/openapi/${name}.json`, import.meta.url), 'utf8');
const generated = Object.fromEntries(NAMES.map((name) => [name, openApiJson(name)])) as Record<
  OpenApiDocumentName,
  string
>;
const documentOf = (name: OpenApiDocumentName): Document => JSON.parse(generated[name]);

/** The first line where two texts part, to say where a checked-in document is behind. */
function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  const line = left.findIndex((text, index) => text !== right[index]);
  const at = line === -1 ? left.length : line;
  return `line ${at + 1}: checked in ${JSON.stringify(left[at])}, generated ${JSON.stringify(right[at])}`;
}

describe('the published OpenAPI documents', () => {
  it.each(NAMES)('docs/openapi/%s.json is what the contracts generate', (name) => {
    const file = checkedIn(name);
    const upToDate = file === generated[name];
    expect(
      upToDate,
      upToDate
        ? ''
        : `docs/openapi/${name}.json differs from the contracts (${firstDifference(file, generated[name])}): run npm run openapi`,
    ).toBe(true);
  });

  it.each(NAMES)('the %s document is valid OpenAPI 3.1', async (name) => {
    const document = documentOf(name);
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await validate(document as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it.each(NAMES)('every schema of the %s document compiles as JSON Schema 2020-12', (name) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: `${name}.json`, components: documentOf(name).components });
    for (const schema of Object.keys(documentOf(name).components.schemas)) {
      expect(() => ajv.getSchema(`${name}.json#/components/schemas/${schema}`), schema).not.toThrow();
    }
  });
});

describe('the operations document', () => {
  const document = documentOf('operations');
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(document, 'operations.json');
  const schemaAt = (pointer: string) => {
    const check = ajv.getSchema(`operations.json#${pointer}`);
    if (!check) throw new Error(`no schema at ${pointer}`);
    return check;
  };

  it('has each route at its path and method, with its idempotency header and its body', () => {
    for (const [name, route] of Object.entries(OPERATIONS_ROUTES)) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()] as Operation;
      expect(operation?.operationId, name).toBe(name);
      const parameters = operation.parameters ?? [];
      const headers = parameters.filter(
        (parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey',
      );
      expect(headers.length, name).toBe('idempotent' in route && route.idempotent ? 1 : 0);
      const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(
        parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        name,
      ).toEqual(pathParameters);
      expect(Boolean(operation.requestBody), name).toBe('body' in route || 'file' in route);
    }
    expect(document.components.securitySchemes.operationsKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('takes the bodies the API takes and refuses the ones it refuses', () => {
    const line = { sku: 'A-1', quantity: 2 };
    const shipment = { version: 2, carrier: 'DHL', trackingNumber: 'JD01', lines: [line] };
    const samples: ['confirmOrder' | 'addShipment', unknown, boolean][] = [
      ['confirmOrder', { version: 3, erpOrderNumber: 'SO-4711' }, true],
      ['confirmOrder', { version: 0, erpOrderNumber: 'SO-4711' }, false],
      ['confirmOrder', { version: 3 }, false],
      ['confirmOrder', { version: 3, erpOrderNumber: '' }, false],
      ['addShipment', shipment, true],
      ['addShipment', { ...shipment, lines: [] }, false],
      ['addShipment', { ...shipment, lines: [{ ...line, quantity: 0 }] }, false],
      ['addShipment', { ...shipment, lines: [{ ...line, quantity: 1.5 }] }, false],
    ];
    for (const [route, body, takes] of samples) {
      const check = schemaAt(`/components/schemas/${route.charAt(0).toUpperCase()}${route.slice(1)}Request`);
      expect(check(body), `the document, ${route} ${JSON.stringify(body)}`).toBe(takes);
      expect(OPERATIONS_ROUTES[route].body.safeParse(body).success, `the API, ${route}`).toBe(takes);
    }
  });

  it('describes a refusal as the API answers it', () => {
    const refusal = document.paths['/orders/{orderNumber}/confirm']?.post?.responses['409'];
    expect(refusal?.$ref).toBe('#/components/responses/Refusal409');
    const error = schemaAt('/components/responses/Refusal409/content/application~1json/schema');
    expect(error({ code: 'VERSION_CONFLICT', message: 'The order is at version 4.' })).toBe(true);
    expect(error({ message: 'no code' })).toBe(false);
  });
});

describe('the CRM document', () => {
  const document = documentOf('crm');

  it('lists each type under every group that serves it, with its method, payload and answer', () => {
    for (const type of Object.keys(CRM_TYPES) as CrmType[]) {
      const { method } = CRM_TYPES[type];
      for (const group of CRM_GROUPS) {
        const operation = document.paths[`/${group}`]?.[method.toLowerCase()];
        const served = servedUnder(type, group);
        const names = operation?.parameters?.[0]?.schema?.enum ?? [];
        expect(names.includes(type), `${type} under ${group}`).toBe(served);
        if (!operation || !served) continue;
        const row = operation['x-crm-types']?.[type];
        expect(row?.cacheable, type).toBe(CRM_TYPES[type].cacheable);
        const payloads =
          method === 'GET'
            ? operation.parameters?.[1]?.schema
            : operation.requestBody?.content['application/json']?.schema;
        expect(payloads?.anyOf, type).toContainEqual(row?.payload);
        expect(operation.responses['200']?.content?.['application/json']?.schema.anyOf, type).toContainEqual(
          row?.answer,
        );
      }
    }
  });

  it('describes a refusal as the CRM answers it: a list of errors', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(document, 'crm.json');
    const refusal = ajv.getSchema(
      'crm.json#/components/responses/Refusal404/content/application~1json/schema',
    );
    expect(
      refusal?.([{ errorCode: 'NOT_FOUND', message: "Unknown type 'x' for the ecommerce group." }]),
    ).toBe(true);
    expect(refusal?.({ errorCode: 'NOT_FOUND', message: 'not a list' })).toBe(false);
  });
});

describe('named schemas', () => {
  it('are components by their export name; one that reads differently when sent is two', () => {
    const tierSchema = z.object({ quantity: z.number(), discount: z.number().default(0) });
    const priceSchema = z.object({ tiers: z.array(tierSchema) });
    const components = new SchemaComponents({ tierSchema, priceSchema, priceOf: () => 0 });
    const sent = components.ref('SavePriceRequest', z.object({ price: priceSchema }), 'input');
    const answered = components.ref('GetPriceAnswer', priceSchema, 'output');
    const schemas = components.finish() as Record<string, Schema>;

    expect(answered).toEqual({ $ref: '#/components/schemas/Price' });
    expect(sent).toEqual({ $ref: '#/components/schemas/SavePriceRequest' });
    expect(Object.keys(schemas)).toEqual(['Price', 'PriceInput', 'SavePriceRequest', 'Tier', 'TierInput']);
    expect(schemas.SavePriceRequest?.properties?.price).toEqual({ $ref: '#/components/schemas/PriceInput' });
    expect(schemas.PriceInput?.properties?.tiers?.items).toEqual({ $ref: '#/components/schemas/TierInput' });
    expect(schemas.Price?.properties?.tiers?.items).toEqual({ $ref: '#/components/schemas/Tier' });
    // An answer always has the defaulted field; a request may leave it out.
    expect(schemas.Tier?.required).toEqual(['quantity', 'discount']);
    expect(schemas.TierInput?.required).toEqual(['quantity']);
  });

  it('refuse a recursive schema without a name, which no other part could refer to', () => {
    const nodeSchema: z.ZodType = z.lazy(() => z.object({ children: z.array(nodeSchema) }));
    const tree = z.object({ root: nodeSchema });
    expect(() => new SchemaComponents({}).schema(tree, 'output')).toThrow(/recursive schema needs a name/);
    const named = new SchemaComponents({ nodeSchema });
    named.schema(tree, 'output');
    expect(named.finish().Node).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/Node' } } },
    });
  });
});
