import { describe, expect, it } from 'vitest';
import { checkRequestFields, type RequestFormField } from '../src/crm-service-requests';

const FORM: RequestFormField[] = [
  {
    key: 'category',
    label: 'Category',
    kind: 'picklist',
    required: true,
    maxLength: 60,
    options: ['Returns'],
    help: null,
  },
  {
    key: 'serial',
    label: 'Serial number',
    kind: 'text',
    required: false,
    maxLength: 5,
    options: [],
    help: null,
  },
];

describe('checkRequestFields', () => {
  it('asks for each required field, the way it is filled in', () => {
    expect(checkRequestFields(FORM, {})).toEqual([{ field: 'category', message: 'Choose the category.' }]);
  });

  it('refuses a value not listed, one too long, and a field the form does not have', () => {
    expect(checkRequestFields(FORM, { category: 'Coffee', serial: '123456', extra: 'x' })).toEqual([
      { field: 'category', message: 'Choose one of the listed values for category.' },
      { field: 'serial', message: 'Serial number may be at most 5 characters.' },
      { field: 'extra', message: 'This field is not on the request form.' },
    ]);
  });

  it('takes a complete form', () => {
    expect(checkRequestFields(FORM, { category: 'Returns', serial: ' ' })).toEqual([]);
  });
});
