import { describe, expect, it } from 'vitest';
import { REORDER_FIELDS, readReorderChoices } from './reorder-form';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('the reorder form', () => {
  it('reads the lines chosen and the replacements taken, each at its quantity', () => {
    const read = readReorderChoices(
      form([
        [REORDER_FIELDS.line, 'AB-1'],
        [REORDER_FIELDS.qty('AB-1'), '3'],
        [REORDER_FIELDS.replace, 'OLD-2'],
        [REORDER_FIELDS.qty('OLD-2'), ' 2 '],
        [REORDER_FIELDS.qty('NOT-CHOSEN'), '5'],
      ]),
    );
    expect(read).toEqual({
      ok: true,
      lines: [
        { sku: 'AB-1', qty: 3, replacement: false },
        { sku: 'OLD-2', qty: 2, replacement: true },
      ],
    });
  });

  it('asks for a line when none is chosen, and for a whole quantity from 1 to 100000', () => {
    expect(readReorderChoices(form([]))).toEqual({
      ok: false,
      message: 'Choose at least one line to add to your cart.',
    });
    for (const qty of ['0', '1.5', 'ten', '', '100001']) {
      expect(
        readReorderChoices(
          form([
            [REORDER_FIELDS.line, 'AB-1'],
            [REORDER_FIELDS.qty('AB-1'), qty],
          ]),
        ),
      ).toEqual({ ok: false, message: 'The quantity of AB-1 must be a whole number from 1 to 100000.' });
    }
  });

  it('refuses a line and its replacement both', () => {
    const read = readReorderChoices(
      form([
        [REORDER_FIELDS.line, 'OLD-2'],
        [REORDER_FIELDS.replace, 'OLD-2'],
        [REORDER_FIELDS.qty('OLD-2'), '1'],
      ]),
    );
    expect(read).toEqual({ ok: false, message: 'Choose OLD-2 or its replacement, not both.' });
  });
});
