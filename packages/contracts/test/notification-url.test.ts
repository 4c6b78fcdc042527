import { describe, expect, it } from 'vitest';
import { type ContactNotification, notificationUrl } from '../src/crm-notifications';

const row = (fields: Partial<ContactNotification>): ContactNotification => ({
  Id: 'cn-1',
  Notification: 'n-1',
  Read_Date: null,
  Seen_Date: null,
  CreatedDate: '2026-11-22T10:00:00.000Z',
  Target_Template_Page: null,
  Target_Page_Type: null,
  Record_Number: null,
  ...fields,
});

describe('notificationUrl (spec P§2)', () => {
  it('opens a details page at its record number', () => {
    const target = row({
      Target_Template_Page: 'tpl-7',
      Target_Page_Type: 'Details page',
      Record_Number: 'Q 1/2',
    });
    expect(notificationUrl(target)).toBe('/detail/tpl-7?recordId=Q%201%2F2');
  });

  it('opens a list page as its list', () => {
    expect(notificationUrl(row({ Target_Template_Page: 'tpl-8', Target_Page_Type: 'List page' }))).toBe(
      '/list/tpl-8',
    );
  });

  it('takes anything else as the raw path, double slashes collapsed', () => {
    expect(notificationUrl(row({ Target_Template_Page: '//billing//notifications' }))).toBe(
      '/billing/notifications',
    );
    expect(notificationUrl(row({ Target_Template_Page: 'cart' }))).toBe('/cart');
    // Never another host: a protocol-relative target is a path of this site.
    expect(notificationUrl(row({ Target_Template_Page: '//evil.example/x' }))).toBe('/evil.example/x');
    // A details page without a record number has nothing to open but its raw target.
    expect(notificationUrl(row({ Target_Template_Page: 'tpl-7', Target_Page_Type: 'Details page' }))).toBe(
      '/tpl-7',
    );
  });

  it('has no link without a target', () => {
    expect(notificationUrl(row({}))).toBeNull();
    expect(notificationUrl(row({ Target_Template_Page: '  ' }))).toBeNull();
  });
});
