import { MESSAGES } from '@storefront/contracts/messages';
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeError } from './route-errors';

describe('describeError', () => {
  it('keeps the message of a 404', () => {
    expect(
      describeError(
        new ErrorResponse(404, 'Not Found', { message: MESSAGES.storefrontNotFound }),
        '/x',
        false,
      ),
    ).toEqual({
      status: 404,
      message: 'Storefront Not Found',
    });
  });

  it("says 'Page Not Found: {path}' for a 404 without a message", () => {
    expect(describeError(new ErrorResponse(404, 'Not Found', 'No route matches'), '/a/b', false)).toEqual({
      status: 404,
      message: 'Page Not Found: /a/b',
    });
  });

  it('keeps the message of a request that could not be read (400)', () => {
    expect(
      describeError(new ErrorResponse(400, 'Bad Request', { message: 'Send it as a form.' }), '/x', false),
    ).toEqual({ status: 400, message: 'Send it as a form.' });
  });

  it('shows refusals as Authorization Required and other statuses as their page or 500', () => {
    expect(describeError(new ErrorResponse(403, 'Forbidden', null), '/', false).status).toBe(401);
    expect(describeError(new ErrorResponse(503, 'Unavailable', null), '/', false).status).toBe(503);
    expect(describeError(new ErrorResponse(418, 'Teapot', null), '/', false).status).toBe(500);
  });

  it('shows a thrown error as 500, with the stack only when asked', () => {
    const error = new Error('database exploded');
    expect(describeError(error, '/', false)).toEqual({ status: 500, detail: undefined });
    expect(describeError(error, '/', true).detail).toContain('database exploded');
  });
});
