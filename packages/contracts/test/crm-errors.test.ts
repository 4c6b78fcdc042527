import { describe, expect, it } from 'vitest';
import { failureOf, fieldMessage, problemOf } from '../src/crm-errors';
import { MESSAGES } from '../src/messages';

describe('failureOf', () => {
  it("keeps the CRM's code and field, and drops a leading 'ERROR: ' from the message", () => {
    expect(
      failureOf({
        errorCode: 'PROMO_CODE_NOT_VALID',
        message: 'promoCode: SPRING24 is expired.',
        field: 'promoCode',
      }),
    ).toEqual({
      errorCode: 'PROMO_CODE_NOT_VALID',
      field: 'promoCode',
      message: 'promoCode: SPRING24 is expired.',
    });
    expect(failureOf({ errorCode: 'APEX_ERROR', message: 'ERROR: Apex blew up' })).toEqual({
      errorCode: 'APEX_ERROR',
      field: null,
      message: 'Apex blew up',
    });
  });

  it("reads the spec's two sentinels as codes, as plain content or as an error body's message", () => {
    expect(failureOf(MESSAGES.noRecordsFound).errorCode).toBe('NO_RECORDS_FOUND');
    expect(failureOf({ errorCode: 'NOT_FOUND', message: MESSAGES.noRecordsFound }).errorCode).toBe(
      'NO_RECORDS_FOUND',
    );
    expect(failureOf(MESSAGES.noTemplateFound)).toEqual({
      errorCode: 'NO_TEMPLATE_FOUND',
      field: null,
      message: 'No template found',
    });
    // Only the exact texts: another message that mentions them is not a sentinel.
    expect(failureOf('ERROR: No records Found. Retry later').errorCode).toBe('NO_ERROR_CODE');
  });

  it("takes a code this list does not know as the CRM's failure, and plain text as naming no code", () => {
    expect(failureOf({ errorCode: 'SOMETHING_NEWER', message: 'x' }).errorCode).toBe('APEX_ERROR');
    expect(failureOf('Not signed in')).toEqual({
      errorCode: 'NO_ERROR_CODE',
      field: null,
      message: 'Not signed in',
    });
  });
});

describe("failureOf, Salesforce's list of errors", () => {
  it('reads the first error of the list, with the field a Salesforce org names in `fields`', () => {
    expect(
      failureOf([
        {
          message: 'Quantity must be positive',
          errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
          fields: ['qty'],
        },
        { message: 'second', errorCode: 'OTHER' },
      ]),
    ).toEqual({ errorCode: 'APEX_ERROR', field: 'qty', message: 'Quantity must be positive' });
    expect(failureOf([{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' }])).toEqual({
      errorCode: 'INVALID_SESSION_ID',
      field: null,
      message: 'Session expired or invalid',
    });
  });

  it('finds the no-records sentinel inside a list too', () => {
    expect(failureOf([{ errorCode: 'NOT_FOUND', message: MESSAGES.noRecordsFound }]).errorCode).toBe(
      'NO_RECORDS_FOUND',
    );
  });
});

describe('problemOf', () => {
  it('gives a person the problem without the field the refusal names', () => {
    const message = fieldMessage('SPRING24 is expired.', 'promoCode');
    expect(message).toBe('promoCode: SPRING24 is expired.');
    expect(problemOf({ errorCode: 'PROMO_CODE_NOT_VALID', field: 'promoCode', message })).toBe(
      'SPRING24 is expired.',
    );
    expect(
      problemOf({
        errorCode: 'INVALID_PAYLOAD',
        field: 'qty',
        message: 'qty: the line would hold 7; at most 5.',
      }),
    ).toBe('The line would hold 7; at most 5.');
  });

  it('leaves a message that names no field as it is', () => {
    expect(
      problemOf({
        errorCode: 'PROMO_CODE_USAGE_LIMIT_REACHED',
        field: null,
        message: 'Promo code usage limit reached',
      }),
    ).toBe('Promo code usage limit reached');
    expect(problemOf({ errorCode: 'FORBIDDEN', field: 'quoteId', message: MESSAGES.accessDenied })).toBe(
      MESSAGES.accessDenied,
    );
  });
});
