import { z } from 'zod';
import { CRM_TYPES, type CrmType } from './crm';
import { type CallType, CRM_BASE_PATH, CRM_GROUPS, type CrmGroup } from './crm-base';
import { type CrmError, ERROR_CODES } from './crm-errors';
import * as contracts from './index';
import {
  businessEventSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_RULE,
  MAX_CATALOGUE_FILE_BYTES,
  MAX_OPERATIONS_BODY_BYTES,
  MAX_SYNONYMS_FILE_BYTES,
  OPERATIONS_BASE_PATH,
  OPERATIONS_KEY_PREFIX,
  OPERATIONS_ROUTES,
  type OperationsRoute,
  operationsErrorSchema,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_REPLAY_WINDOW_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
} from './operations-api';

/**
 * The published contracts (issue 32 §5, docs/decisions/0059-openapi.md): the operations API and the CRM REST
 * contract as OpenAPI 3.1 documents, generated from the zod schemas that validate their requests and answers.
 * The server serves them at GET /openapi/<name>.json; `npm run openapi` writes them to docs/openapi/, and a
 * test fails when those files and this generator's output differ. Server-side only: not in the index, which
 * the browser bundle imports.
 */

type Json = { [key: string]: unknown };
type Io = 'input' | 'output';

export const OPENAPI_VERSION = '3.1.1';

/** The answer of a type only the gateway reads (serverAnswer, a z.custom): documented as any JSON. */
const GATEWAY_ONLY_ANSWER = 'Read by the storefront’s gateway only; its shape is not part of this contract.';

const REF_PREFIX = '#/components/schemas/';
const DEF_PREFIX = '#/$defs/';

/**
 * Turns zod schemas into OpenAPI 3.1 Schema Objects (JSON Schema 2020-12) with zod's own z.toJSONSchema.
 * A request is described as it is sent (io 'input': a field with a default may be left out), an answer as it
 * is answered (io 'output'). Every schema a module exports as `…Schema` is one named component
 * (`shipmentSchema` → `Shipment`), referred to by $ref wherever it is used; one that reads differently as a
 * request than as an answer is two (`Tier` as answered, `TierInput` as sent).
 */
export class SchemaComponents {
  private readonly names = z.registry<{ id: string }>();
  private readonly named = new Set<string>();
  private readonly defs: Record<Io, Map<string, Json>> = { input: new Map(), output: new Map() };
  /** Components made of one root schema each (a route's body, a CRM type's payload). */
  private readonly roots = new Map<string, Json>();
  /** Every converted schema, each with the io its $refs point into. */
  private readonly converted: { json: Json; io: Io }[] = [];

  /** `exports`: the modules whose `…Schema`s are named (the contracts' index). */
  constructor(exports: Record<string, unknown>) {
    for (const [key, value] of Object.entries(exports)) {
      if (key.endsWith('Schema') && value instanceof z.ZodType && !this.names.has(value)) {
        const id = pascal(key.slice(0, -'Schema'.length));
        this.names.add(value, { id });
        this.named.add(id);
      }
    }
  }

  /** The Schema Object of one request part or answer; named schemas inside it are $refs. */
  schema(schema: z.ZodType, io: Io): Json {
    const generated = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      metadata: this.names,
      io,
      unrepresentable: ({ zodSchema }) =>
        zodSchema._zod.def.type === 'custom' ? { description: GATEWAY_ONLY_ANSWER } : 'throw',
      override: ({ jsonSchema }) => {
        // z.number().int() writes the safe-integer range, which every JSON integer here is within anyway.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    }) as Json;
    const { $schema: _, $defs, ...json } = generated;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      // A schema used within itself without a name would be a $def no other document part can refer to.
      if (!this.named.has(id))
        throw new Error(`A recursive schema needs a name: export it from the contracts as …Schema (${id}).`);
      const known = this.defs[io].get(id);
      if (known === undefined) {
        this.defs[io].set(id, def);
        this.converted.push({ json: def, io });
      } else if (JSON.stringify(known) !== JSON.stringify(def)) {
        throw new Error(`The schema ${id} converted two ways.`);
      }
    }
    this.converted.push({ json, io });
    return json;
  }

  /**
   * A $ref to the schema: to its own name when the contracts name it, else to a component named `id` holding
   * it (a route's request body, a CRM type's payload), so that every operation's parts have a name.
   */
  ref(id: string, schema: z.ZodType, io: Io): Json {
    const json = this.schema(schema, io);
    if (isBareRef(json)) return json;
    if (this.named.has(id) || this.roots.has(id)) throw new Error(`Two schemas are named ${id}.`);
    this.roots.set(id, json);
    return { $ref: `${REF_PREFIX}${id}` };
  }

  /** components.schemas, by name; after it, every $ref of every converted schema points into them. */
  finish(): Record<string, Json> {
    const twoWays = this.readTwoWays();
    const componentId = (id: string, io: Io) => (io === 'input' && twoWays.has(id) ? `${id}Input` : id);
    const pointAt = (json: Json, io: Io) =>
      visitRefs(json, (ref) =>
        ref.startsWith(DEF_PREFIX) ? `${REF_PREFIX}${componentId(ref.slice(DEF_PREFIX.length), io)}` : ref,
      );
    for (const { json, io } of this.converted) pointAt(json, io);
    const components: Record<string, Json> = {};
    for (const io of ['output', 'input'] as const) {
      for (const [id, def] of this.defs[io]) components[componentId(id, io)] ??= def;
    }
    for (const [id, json] of this.roots) components[id] = json;
    return sortedByKey(components);
  }

  /** Named schemas whose request form differs from their answer form, or holds one that does. */
  private readTwoWays(): Set<string> {
    const twoWays = new Set<string>();
    const both = [...this.defs.input.keys()].filter((id) => this.defs.output.has(id));
    for (const id of both) {
      if (JSON.stringify(this.defs.input.get(id)) !== JSON.stringify(this.defs.output.get(id)))
        twoWays.add(id);
    }
    let grew = twoWays.size > 0;
    while (grew) {
      grew = false;
      for (const id of both) {
        if (twoWays.has(id)) continue;
        const refs: string[] = [];
        visitRefs(this.defs.input.get(id) as Json, (ref) => {
          refs.push(ref.slice(DEF_PREFIX.length));
          return ref;
        });
        if (refs.some((ref) => twoWays.has(ref))) {
          twoWays.add(id);
          grew = true;
        }
      }
    }
    return twoWays;
  }
}

function isBareRef(json: Json): boolean {
  return typeof json.$ref === 'string' && Object.keys(json).length === 1;
}

/** Calls `rewrite` with every $ref inside `json` and puts back what it answers. */
function visitRefs(json: unknown, rewrite: (ref: string) => string): void {
  if (Array.isArray(json)) {
    for (const item of json) visitRefs(item, rewrite);
  } else if (json && typeof json === 'object') {
    const object = json as Json;
    if (typeof object.$ref === 'string') object.$ref = rewrite(object.$ref);
    for (const value of Object.values(object)) visitRefs(value, rewrite);
  }
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Each property of an object schema (a route's path or query parameters) as a Parameter Object. */
function parametersOf(json: Json, where: 'path' | 'query'): Json[] {
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema,
  }));
}

const errorContent = (schemaRef: string) => ({ 'application/json': { schema: { $ref: schemaRef } } });

// --- The operations API ---------------------------------------------------------------------------------

/** What each refusal status means on the operations API; every refusal answers an OperationsError. */
const OPERATIONS_REFUSALS = {
  400: 'The request is not valid: INVALID_REQUEST lists each field in `problems`; INVALID_JSON, IDEMPOTENCY_KEY_REQUIRED, EMPTY_FILE.',
  401: 'No operations key was sent, or it is not a valid one (UNAUTHENTICATED).',
  404: 'This storefront has nothing by that name (NOT_FOUND).',
  409: 'It conflicts with the current state: the order changed since the version sent, or a request with this Idempotency-Key is still being handled (IN_PROGRESS).',
  413: `The body is larger than the route takes (PAYLOAD_TOO_LARGE): ${MAX_OPERATIONS_BODY_BYTES / 1024} KB of JSON, ${MAX_CATALOGUE_FILE_BYTES / 1024 / 1024} MB for a catalogue file, ${MAX_SYNONYMS_FILE_BYTES / 1024} KB for a synonyms file.`,
  415: 'The file was not sent with one of the content types the route takes (UNSUPPORTED_MEDIA_TYPE).',
  422: 'The request cannot be carried out as sent: IDEMPOTENCY_KEY_REUSED (the key was used for another request), or the code and message say why.',
  429: 'Too many calls with this operations key (RATE_LIMITED): retry after the Retry-After seconds.',
  500: 'An unexpected error (INTERNAL): retry, with the same Idempotency-Key.',
} as const;
type OperationsRefusalStatus = keyof typeof OPERATIONS_REFUSALS;

/** The refusals a route can answer, by what it takes. */
function refusalsOf(route: OperationsRoute): OperationsRefusalStatus[] {
  const takesInput = Boolean(route.params || route.query || route.body || route.file);
  const statuses: [OperationsRefusalStatus, boolean][] = [
    [400, takesInput || Boolean(route.idempotent)],
    [401, true],
    [404, Boolean(route.params)],
    [409, Boolean(route.idempotent)],
    [413, Boolean(route.body || route.file)],
    [415, Boolean(route.file)],
    [422, Boolean(route.idempotent)],
    [429, true],
    [500, true],
  ];
  return statuses.filter(([, applies]) => applies).map(([status]) => status);
}

const OPERATIONS_DESCRIPTION = `For a supplier's systems (its ERP, its product information system, its integration platform): the storefront's catalogue in and out, its orders' life, and the webhooks its business events are delivered to.

Authentication: \`Authorization: Bearer ${OPERATIONS_KEY_PREFIX}…\`, an operations key of one storefront (the operator makes one with \`npm run storefront -- key --host <host>\`); the key decides the storefront. A buyer's session is never accepted.

Every change takes an \`${IDEMPOTENCY_KEY_HEADER}\` header: the same key with the same request answers what it answered the first time; the same key with another request is refused (422). A change to an order names the order's \`version\`; another version is refused (409), so a repeated or late message never moves an order backwards.

Webhooks: each business event is POSTed to every endpoint that takes its type, at least once and in order per subject; deduplicate by its \`id\`. The \`${WEBHOOK_SIGNATURE_HEADER}\` header reads \`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint's secret>\`; refuse a timestamp more than ${WEBHOOK_REPLAY_WINDOW_SECONDS} seconds old.`;

/** The operations API (contracts/operations-api.ts OPERATIONS_ROUTES) as an OpenAPI 3.1 document. */
export function operationsOpenApi(): Json {
  const components = new SchemaComponents(contracts);
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, route] of Object.entries(OPERATIONS_ROUTES) as [string, OperationsRoute][]) {
    const id = pascal(name);
    const parameters = [
      ...(route.params ? parametersOf(components.schema(route.params, 'input'), 'path') : []),
      ...(route.query ? parametersOf(components.schema(route.query, 'input'), 'query') : []),
      ...(route.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ];
    const operation: Json = {
      operationId: name,
      summary: route.summary,
      tags: [route.path.split('/')[1]],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...requestBodyOf(route, id, components),
      responses: {
        200: answerOf(route, id, components),
        ...Object.fromEntries(
          refusalsOf(route).map((status) => [status, { $ref: `#/components/responses/Refusal${status}` }]),
        ),
      },
    };
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, Json>)[route.method.toLowerCase()] = operation;
  }
  const operationsError = components.ref('OperationsError', operationsErrorSchema, 'output');
  const event = components.ref('BusinessEvent', businessEventSchema, 'output');
  const schemas = components.finish();
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'Storefront operations API', version: '1', description: OPERATIONS_DESCRIPTION },
    servers: [{ url: OPERATIONS_BASE_PATH, description: 'This storefront server' }],
    security: [{ operationsKey: [] }],
    tags: [
      {
        name: 'catalogue',
        description: 'Products, prices, tiers, account catalogues and stock, in and out.',
      },
      { name: 'orders', description: 'The orders of the storefront and their life after they are placed.' },
      { name: 'webhooks', description: 'Where business events are delivered.' },
      { name: 'events', description: 'Deliveries given up after every retry, and their replay.' },
    ],
    paths,
    webhooks: {
      businessEvent: {
        post: {
          summary: 'A business event, delivered to each endpoint whose event types take it.',
          parameters: [
            {
              name: WEBHOOK_SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description:
                't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint secret>',
              schema: { type: 'string' },
            },
            {
              name: WEBHOOK_EVENT_ID_HEADER,
              in: 'header',
              required: true,
              description:
                "The event's id, as in the body: delivered at least once, so drop an id already taken.",
              schema: { type: 'string' },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: event } } },
          responses: {
            '2XX': { description: 'Received: not delivered again.' },
            default: { description: 'Not received: delivered again later, with back-off.' },
          },
        },
      },
    },
    components: {
      schemas,
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          required: true,
          description:
            'Names this change: send the same key when retrying it, a new one for another change (1 to 255 printable ASCII characters).',
          schema: { type: 'string', ...IDEMPOTENCY_KEY_RULE },
        },
      },
      responses: Object.fromEntries(
        Object.entries(OPERATIONS_REFUSALS).map(([status, description]) => [
          `Refusal${status}`,
          {
            description,
            ...(status === '429'
              ? { headers: { 'Retry-After': { schema: { type: 'integer', minimum: 0 } } } }
              : {}),
            content: errorContent(operationsError.$ref as string),
          },
        ]),
      ),
      securitySchemes: {
        operationsKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${OPERATIONS_KEY_PREFIX}…`,
          description: 'An operations key of the storefront (`npm run storefront -- key --host <host>`).',
        },
      },
    },
  };
}

const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`;

function requestBodyOf(route: OperationsRoute, id: string, components: SchemaComponents): Json {
  if (route.file)
    return {
      requestBody: {
        required: true,
        description: `The file as the raw body, at most ${fileSize(route.file.maxBytes ?? MAX_CATALOGUE_FILE_BYTES)}, in the format the export answers.`,
        content: Object.fromEntries(route.file.contentTypes.map((type) => [type, {}])),
      },
    };
  if (!route.body) return {};
  return {
    requestBody: {
      // A body whose every field may be left out may be left out as a whole.
      required: !route.body.safeParse({}).success,
      content: { 'application/json': { schema: components.ref(`${id}Request`, route.body, 'input') } },
    },
  };
}

function answerOf(route: OperationsRoute, id: string, components: SchemaComponents): Json {
  if (route.answerFile)
    return {
      description: 'The file, as an attachment.',
      headers: { 'Content-Disposition': { schema: { type: 'string' } } },
      content: Object.fromEntries(route.answerFile.contentTypes.map((type) => [type, {}])),
    };
  return {
    description: 'Done.',
    content: { 'application/json': { schema: components.ref(`${id}Answer`, route.answer, 'output') } },
  };
}

// --- The CRM REST contract ------------------------------------------------------------------------------

/** One error of a CRM refusal, which is a list of them (Salesforce's shape); crm-errors.ts CrmError. */
const crmErrorSchema = z.object({
  errorCode: z.enum(ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
}) satisfies z.ZodType<CrmError>;

const CRM_REFUSALS = {
  400: 'The payload is not valid (INVALID_PAYLOAD names the field; JSON_PARSER_ERROR), or the type refused it (its code says why).',
  401: 'No service token, or the wrong one (INVALID_SESSION_ID).',
  403: 'The account or user may not do this (FORBIDDEN).',
  404: 'No such group, no such type under this group, or no such record (NOT_FOUND).',
  405: 'The type is served with the other method (METHOD_NOT_ALLOWED).',
  409: 'It conflicts with the current state: the quote is busy (UNABLE_TO_LOCK_ROW, retried), checked out, or changed.',
  413: 'The body or file is larger than the type takes (PAYLOAD_TOO_LARGE, FILE_TOO_LARGE).',
  500: 'An unexpected error (APEX_ERROR).',
  502: 'A service the type needs did not answer (TAX_SERVICE_UNAVAILABLE, PAYMENT_PROVIDER_UNAVAILABLE).',
} as const;

const CRM_DESCRIPTION = `The contract between the storefront's gateway and its CRM (the embedded one, or another that serves it): \`GET|POST ${CRM_BASE_PATH}/<group>?type=<name>\` with \`Authorization: Bearer <CRM service token>\`. A GET type takes its payload as query parameters, a POST type as a JSON body; each type is served with one method, under its group (and any it is also served under).

OpenAPI names an operation by path and method only, and every type of a group shares both: so each group is one path, the \`type\` query parameter names the type, and the payload and answer schemas list every type's. \`x-crm-types\` on each operation gives each type's own payload and answer schema, and whether the gateway may cache its answers. A refusal is a list of one error, \`[{errorCode, message, field?}]\`.`;

/** The types served under a group with a method: their own group's, and those also served under it. */
function typesOf(group: CrmGroup, method: CallType): CrmType[] {
  return (Object.keys(CRM_TYPES) as CrmType[]).filter((type) => {
    const row: { method: CallType; group: CrmGroup; alsoUnder?: readonly CrmGroup[] } = CRM_TYPES[type];
    return row.method === method && (row.group === group || (row.alsoUnder?.includes(group) ?? false));
  });
}

/** The CRM REST contract (contracts/crm.ts CRM_TYPES) as an OpenAPI 3.1 document. */
export function crmOpenApi(): Json {
  const components = new SchemaComponents(contracts);
  const refs = new Map<CrmType, { payload: Json; answer: Json }>();
  for (const type of Object.keys(CRM_TYPES) as CrmType[]) {
    const row = CRM_TYPES[type];
    refs.set(type, {
      payload: components.ref(`${type}.payload`, row.payload, 'input'),
      answer: components.ref(`${type}.answer`, row.answer, 'output'),
    });
  }
  const refsOf = (type: CrmType) => refs.get(type) as { payload: Json; answer: Json };
  const paths: Record<string, Json> = {};
  for (const group of CRM_GROUPS) {
    const item: Json = {};
    for (const method of ['GET', 'POST'] as const) {
      const types = typesOf(group, method);
      if (types.length === 0) continue;
      const anyOf = (part: 'payload' | 'answer') => ({
        anyOf: distinct(types.map((type) => refsOf(type)[part])),
      });
      const typeParameter = {
        name: 'type',
        in: 'query',
        required: true,
        description: 'The CRM type called; `x-crm-types` gives its payload and answer.',
        schema: { type: 'string', enum: types },
      };
      item[method.toLowerCase()] = {
        operationId: `${method.toLowerCase()}${pascal(group)}`,
        summary: `The ${group} types served with ${method}.`,
        tags: [group],
        parameters:
          method === 'GET'
            ? [
                typeParameter,
                {
                  name: 'payload',
                  in: 'query',
                  required: false,
                  description: "The type's payload, each field a query parameter of its own.",
                  style: 'form',
                  explode: true,
                  schema: anyOf('payload'),
                },
              ]
            : [typeParameter],
        ...(method === 'POST'
          ? {
              requestBody: { required: false, content: { 'application/json': { schema: anyOf('payload') } } },
            }
          : {}),
        responses: {
          200: {
            description: "The type's answer.",
            content: { 'application/json': { schema: anyOf('answer') } },
          },
          ...Object.fromEntries(
            Object.keys(CRM_REFUSALS).map((status) => [
              status,
              { $ref: `#/components/responses/Refusal${status}` },
            ]),
          ),
        },
        'x-crm-types': Object.fromEntries(
          types.map((type) => [type, { ...refsOf(type), cacheable: CRM_TYPES[type].cacheable }]),
        ),
      };
    }
    paths[`/${group}`] = item;
  }
  const crmErrors = components.ref('CrmErrors', z.array(crmErrorSchema).min(1), 'output');
  const schemas = components.finish();
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'Storefront CRM REST contract', version: '1', description: CRM_DESCRIPTION },
    servers: [{ url: CRM_BASE_PATH, description: 'The embedded CRM, on this storefront server' }],
    security: [{ serviceToken: [] }],
    tags: CRM_GROUPS.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(
        Object.entries(CRM_REFUSALS).map(([status, description]) => [
          `Refusal${status}`,
          { description, content: errorContent(crmErrors.$ref as string) },
        ]),
      ),
      securitySchemes: {
        serviceToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The CRM service token the gateway calls with (CRM_SERVICE_TOKEN).',
        },
      },
    },
  };
}

/** The same $ref once: several types may share a schema. */
function distinct(refs: Json[]): Json[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = JSON.stringify(ref);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The published documents by name: served at /openapi/<name>.json, kept at docs/openapi/<name>.json. */
export const OPENAPI_DOCUMENTS = { operations: operationsOpenApi, crm: crmOpenApi } as const;
export type OpenApiDocumentName = keyof typeof OPENAPI_DOCUMENTS;

/** A document as it is served and checked in. */
export function openApiJson(name: OpenApiDocumentName): string {
  return `${JSON.stringify(OPENAPI_DOCUMENTS[name](), null, 2)}\n`;
}
