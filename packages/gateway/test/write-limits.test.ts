import { describe, expect, it } from 'vitest';
import { clientNetwork, crmWriteKind, userActionWriteKind, waitText } from '../src/write-limits';

describe('write kinds', () => {
  it('counts an address saved at checkout only when it adds a location to the book', () => {
    const save = (payload: Record<string, unknown>) => crmWriteKind({ type: 'saveAddress', payload });
    expect(save({ addressObject: 'Location' })).toBe('location');
    expect(save({ addressObject: 'Location', locationId: 'a1L1' })).toBeUndefined();
    expect(save({ addressObject: 'Account' })).toBeUndefined();
    expect(crmWriteKind({ type: 'saveAccountLocation', payload: {} })).toBe('location');
    expect(crmWriteKind({ type: 'saveAccountLocation', payload: { locationId: 'a1L1' } })).toBeUndefined();
  });

  it('counts the writes that mail someone, and no reads', () => {
    expect(crmWriteKind({ type: 'blinkCheckout', payload: {} })).toBe('order');
    expect(crmWriteKind({ type: 'getOrderConfirmation', payload: {} })).toBeUndefined();
    expect(userActionWriteKind('createUser')).toBe('userMail');
    expect(userActionWriteKind('resetPassword')).toBe('userMail');
    expect(userActionWriteKind('list')).toBeUndefined();
    expect(userActionWriteKind('toString')).toBeUndefined();
  });
});

describe('clientNetwork', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(clientNetwork('2001:db8:7:1::1')).toBe('2001:db8:7:1::/64');
    expect(clientNetwork('2001:0DB8:0007:0001:ffff:1:2:3')).toBe('2001:db8:7:1::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4 client by its address, mapped into IPv6 or not', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork(undefined)).toBe('unknown address');
  });
});

describe('waitText', () => {
  it('says seconds up to two minutes, then minutes', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(42_000)).toBe('42 seconds');
    expect(waitText(120_000)).toBe('120 seconds');
    expect(waitText(120_001)).toBe('3 minutes');
    expect(waitText(54 * 60_000)).toBe('54 minutes');
  });
});
