import type { Invoice, InvoiceList } from '@storefront/contracts/crm-invoices';
import { accountScope, crmCall } from '../../lib/crm.server';
import type { StorefrontSession } from '../../lib/storefront.server';
import type { InvoiceQuery } from './query';

export function listInvoices(session: StorefrontSession, query: InvoiceQuery): Promise<InvoiceList> {
  return crmCall(session, 'getInvoices', { ...accountScope(session), ...query });
}

export function exportInvoices(session: StorefrontSession, query: InvoiceQuery) {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return crmCall(session, 'exportInvoices', { ...accountScope(session), ...filters });
}

export function loadInvoice(session: StorefrontSession, invoiceId: string): Promise<Invoice> {
  return crmCall(session, 'getInvoice', { ...accountScope(session), invoiceId });
}

export function invoicePdf(session: StorefrontSession, invoiceId: string) {
  return crmCall(session, 'getInvoicePdf', { ...accountScope(session), invoiceId });
}
