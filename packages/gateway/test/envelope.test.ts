import { MESSAGES } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { errorEnvelope, GatewayRefusal, notAvailableYet } from '../src/envelope';

describe('errorEnvelope (spec P§8)', () => {
  it('keeps the status and message of a refusal', () => {
    expect(errorEnvelope(new GatewayRefusal(403, MESSAGES.accessDenied))).toEqual({
      statusCode: 403,
      content: MESSAGES.accessDenied,
    });
  });

  it('answers any other exception with 400 and its message, never a stack', () => {
    const envelope = errorEnvelope(new TypeError('records.find is not a function'));
    expect(envelope).toEqual({ statusCode: 400, content: 'records.find is not a function' });
    expect(JSON.stringify(envelope)).not.toContain(' at ');
    expect(errorEnvelope('plain text')).toEqual({ statusCode: 400, content: 'plain text' });
  });

  it('answers capabilities of later issues with 501, not a fake success', () => {
    expect(notAvailableYet()).toEqual({ statusCode: 501, content: MESSAGES.notAvailableYet });
  });
});
