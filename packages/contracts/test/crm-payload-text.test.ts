import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CRM_TYPES, type CrmType } from '../src/crm';
import { TEXT_PROBLEM, text } from '../src/crm-fields';

/** Schemas that hold no string a client chooses freely: refused values are told by their own checks. */
const CLOSED = new Set(['enum', 'literal', 'number', 'boolean', 'bigint', 'null', 'undefined', 'date']);

/** The parts of a zod definition the walk reads; which are set depends on `type`. */
interface Definition {
  type: string;
  shape: Record<string, z.ZodType>;
  innerType: z.ZodType;
  element: z.ZodType;
  options: z.ZodType[];
  left: z.ZodType;
  right: z.ZodType;
  keyType: z.ZodType;
  valueType: z.ZodType;
  in: z.ZodType;
  out: z.ZodType;
}

/** Every string schema in a payload schema, with where it sits ('lines.[].id'). */
function stringFields(schema: z.ZodType, path = ''): { path: string; schema: z.ZodType }[] {
  const def = schema._zod.def as unknown as Definition;
  const inner = (child: z.ZodType, step = '') => stringFields(child, step ? `${path}${step}` : path);
  switch (def.type) {
    case 'string':
      return [{ path: path || '(payload)', schema }];
    case 'object':
      return Object.entries(def.shape).flatMap(([key, child]) => inner(child, path ? `.${key}` : key));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'array':
      return inner(def.element, '.[]');
    case 'union':
      return def.options.flatMap((option) => inner(option));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return [...inner(def.keyType, '.{key}'), ...inner(def.valueType, '.{}')];
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    default:
      if (CLOSED.has(def.type)) return [];
      // A construct this walk does not know could hide a string: teach the walk rather than skip it.
      throw new Error(`${path || 'payload'}: no rule for a '${def.type}' schema`);
  }
}

const rows = Object.entries(CRM_TYPES) as [CrmType, (typeof CRM_TYPES)[CrmType]][];

describe('every string a CRM payload takes refuses what PostgreSQL cannot store', () => {
  it.each(rows)('%s', (_type, row) => {
    for (const field of stringFields(row.payload)) {
      for (const value of ['Anti\u0000CD3', 'Anti\uD800CD3', 'Anti\uDC00']) {
        const result = field.schema.safeParse(value);
        expect(result.success, `${field.path} took ${JSON.stringify(value)}`).toBe(false);
        expect(result.error?.issues.map((issue) => issue.message)).toContain(TEXT_PROBLEM);
      }
    }
  });

  it('keeps every real character, a surrogate pair included', () => {
    expect(text().safeParse('Anti-CD3 \uD83E\uDDEA µl').success).toBe(true);
  });

  it('finds the strings of every area (the walk reaches them)', () => {
    const paths = rows.flatMap(([type, row]) =>
      stringFields(row.payload).map(({ path }) => `${type}.${path}`),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'retrieveCatalogNG.searchText',
        'retrieveCatalogNG.filters.{}.[]',
        'updateQLI.lines.[].id',
        'applyPromoCodeNG.promoCode',
        'updateRecord.fields.notes',
        'getRecord.displayFields.[]',
        'makeActiveCartForGuest.guestCartSecret',
      ]),
    );
  });
});
