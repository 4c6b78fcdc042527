import { describe, expect, it } from 'vitest';
import { blockFieldSchemas } from '../src/block-fields';
import type { Section } from '../src/blocks';
import {
  checkCustomValues,
  customFormOf,
  displayCustomValue,
  missingRequiredField,
} from '../src/custom-fields';

const form = blockFieldSchemas.customForm.parse({
  fields: [
    { name: 'Cost_Centre', label: 'Cost centre', type: 'text', required: true, maxLength: 8 },
    { name: 'Due', label: 'Due date', type: 'date' },
    { name: 'Hazard', label: 'Hazardous goods accepted', type: 'checkbox', required: true },
    { name: 'Dock', label: 'Dock', type: 'picklist', options: ['North', 'South'] },
  ],
});

describe('custom form definitions', () => {
  it('defaults the heading and refuses bad API names, repeated names and picklists without options', () => {
    expect(form.heading).toBe('Order details');
    const parse = (fields: unknown[]) => blockFieldSchemas.customForm.safeParse({ fields }).success;
    expect(parse([{ name: '1st', label: 'First', type: 'text' }])).toBe(false);
    expect(parse([{ name: 'Has space', label: 'Space', type: 'text' }])).toBe(false);
    expect(
      parse([
        { name: 'Lab', label: 'Lab', type: 'text' },
        { name: 'Lab', label: 'Lab again', type: 'text' },
      ]),
    ).toBe(false);
    expect(parse([{ name: 'Dock', label: 'Dock', type: 'picklist' }])).toBe(false);
    expect(parse([{ name: 'Colour', label: 'Colour', type: 'colour' }])).toBe(false);
  });

  it("finds a template's custom form among its sections", () => {
    const section = (blocks: Section['blocks']): Section => ({
      sectionId: 's',
      sectionType: 'Content',
      sortOrder: 1,
      layout: { columns: 1, columnSize: '1', padding: {}, gap: 0 },
      styling: {},
      background: {},
      blocks,
    });
    const block = { blockId: 'b', column: 0, configuration: {}, customJS: [], customCSS: [] };
    expect(customFormOf([section([{ ...block, componentName: 'quoteSummary', fields: {} }])])).toBeNull();
    const found = customFormOf([
      section([{ ...block, componentName: 'customForm', fields: { heading: 'Lab', fields: [] } }]),
    ]);
    expect(found).toEqual({ heading: 'Lab', fields: [] });
  });
});

describe('checkCustomValues', () => {
  it('keeps good values in their types and leaves empty optional ones out', () => {
    const { saved, errors } = checkCustomValues(form, {
      Cost_Centre: ' CC-7 ',
      Due: '2028-02-29',
      Hazard: 'true',
      Dock: '',
    });
    expect(errors).toEqual([]);
    expect(saved).toEqual([
      { name: 'Cost_Centre', label: 'Cost centre', value: 'CC-7' },
      { name: 'Due', label: 'Due date', value: '2028-02-29' },
      { name: 'Hazard', label: 'Hazardous goods accepted', value: true },
    ]);
    expect(missingRequiredField(form, saved)).toBeNull();
    expect(displayCustomValue(true)).toBe('Yes');
  });

  it('says what is wrong with each field a person can fix', () => {
    const { saved, errors } = checkCustomValues(form, {
      Cost_Centre: 'CC-123456',
      Due: '2027-02-29',
      Hazard: '',
      Dock: 'East',
      Extra: 'x',
    });
    expect(saved).toEqual([]);
    expect(errors).toEqual([
      { field: 'Extra', message: 'This field is not on the form; reload the page.' },
      { field: 'Cost_Centre', message: 'Cost centre may have at most 8 characters.' },
      { field: 'Due', message: 'Due date must be a date like 2026-12-31.' },
      { field: 'Hazard', message: 'Hazardous goods accepted is required.' },
      { field: 'Dock', message: 'Dock must be one of: North, South.' },
    ]);
    expect(checkCustomValues(form, { Cost_Centre: 'A\u0000B' }).errors[0]).toEqual({
      field: 'Cost_Centre',
      message: 'Cost centre must not contain a NUL character.',
    });
  });

  it('names the first required field without a saved value', () => {
    expect(missingRequiredField(form, [])?.label).toBe('Cost centre');
    const costCentre = { name: 'Cost_Centre', label: 'Cost centre', value: 'CC' };
    expect(missingRequiredField(form, [costCentre])?.label).toBe('Hazardous goods accepted');
  });
});
