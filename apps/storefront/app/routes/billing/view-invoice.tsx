import { data, Link, type MetaDescriptor } from 'react-router';
import { Total } from '../../components/Total';
import { InvoiceOrder } from '../../features/invoices/InvoiceOrder';
import { InvoiceStatusBadge } from '../../features/invoices/InvoiceStatus';
import { loadInvoice } from '../../features/invoices/invoices.server';
import { INVOICES_PATH, invoicePdfPath, payInvoicePath } from '../../features/invoices/paths';
import { Fact } from '../../features/requests/RecordParts';
import { formatDay, formatMoney } from '../../lib/format';
import { GatewayCallError } from '../../lib/gateway';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/view-invoice';
import listStyles from './account-lists.css?url';
import styles from './invoices.css?url';

const NO_SUCH_INVOICE = 'There is no such invoice.';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: styles },
];

/**
 * One invoice of the account (spec P§2 /viewInvoice?invoiceId=): read from the CRM for the account acted
 * for, so another account's invoice shows nothing but the refusal.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const invoiceId = session.url.searchParams.get('invoiceId')?.trim();
  if (!invoiceId) return data({ invoice: null, refusal: NO_SUCH_INVOICE }, { status: 404 });
  try {
    return { invoice: await loadInvoice(session, invoiceId), refusal: null };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    // The refusal shows in the account area, the buyer still signed in; a malformed id is no invoice at all.
    const status = error.status === 400 ? 404 : error.status;
    const refusal = status === 404 ? NO_SUCH_INVOICE : error.message;
    return data({ invoice: null, refusal }, { status });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }): MetaDescriptor[] => [
  { title: loaderData?.invoice ? `Invoice ${loaderData.invoice.invoiceNumber}` : 'Invoice' },
];

export default function ViewInvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice, refusal } = loaderData;
  if (!invoice) {
    return (
      <section className="invoice" aria-labelledby="invoice-heading">
        <h1 id="invoice-heading">Invoice</h1>
        <p role="alert">{refusal}</p>
        <p>
          <Link to={INVOICES_PATH}>All invoices</Link>
        </p>
      </section>
    );
  }
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const title = invoice.kind === 'CreditMemo' ? 'Credit memo' : 'Invoice';
  return (
    <article className="invoice" aria-labelledby="invoice-heading">
      <p className="invoice__back">
        <Link to={INVOICES_PATH}>All invoices</Link>
      </p>
      <h1 id="invoice-heading">
        {title} {invoice.invoiceNumber}
      </h1>
      <dl className="invoice__facts">
        <Fact term="Status">
          <InvoiceStatusBadge status={invoice.status} />
        </Fact>
        <Fact term="Account">{invoice.accountName}</Fact>
        <Fact term="Order">
          <InvoiceOrder invoice={invoice} />
        </Fact>
        <Fact term="PO number">{invoice.poNumber ?? '—'}</Fact>
        {invoice.costCentreCode && <Fact term="Cost centre / grant">{invoice.costCentreCode}</Fact>}
        <Fact term="Invoice date">{formatDay(invoice.invoiceDate)}</Fact>
        <Fact term="Due date">{formatDay(invoice.dueDate)}</Fact>
        <Fact term="Terms">{invoice.paymentTerms}</Fact>
        <Fact term="Balance">{money(invoice.balance)}</Fact>
      </dl>
      <p className="invoice__links">
        <a className="invoice__pdf" href={invoicePdfPath(invoice.id)} download={invoice.pdfFileName}>
          Download PDF
        </a>
        {invoice.kind === 'Invoice' && invoice.balance > 0 && (
          <Link className="button" to={payInvoicePath(invoice.id)}>
            Pay this invoice
          </Link>
        )}
      </p>
      <h2>Lines</h2>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Description</th>
            <th scope="col" className="data-table__amount">
              Qty
            </th>
            <th scope="col" className="data-table__amount">
              Unit price
            </th>
            <th scope="col" className="data-table__amount">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={`${line.sku}-${line.name}`}>
              <th scope="row" data-label="Item">
                {line.sku}
              </th>
              <td data-label="Description">{line.name}</td>
              <td data-label="Qty" className="data-table__amount">
                {line.qty}
              </td>
              <td data-label="Unit price" className="data-table__amount">
                {money(line.unitPrice)}
              </td>
              <td data-label="Line total" className="data-table__amount">
                {money(line.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="record-totals">
        <Total term="Subtotal" amount={money(invoice.subtotal)} />
        {invoice.discount !== 0 && <Total term="Discount" amount={money(-invoice.discount)} />}
        <Total term="Shipping" amount={money(invoice.shipping)} />
        <Total term="Tax" amount={money(invoice.tax)} />
        <Total term="Total" amount={money(invoice.amount)} strong />
      </dl>
      <h2>Payments applied</h2>
      {invoice.payments.length === 0 ? (
        <p>No payments have been applied to this {title.toLowerCase()} yet.</p>
      ) : (
        <ul className="invoice__payments">
          {invoice.payments.map((payment) => (
            <li key={`${payment.reference}-${payment.paidOn}`}>
              <span>
                {formatDay(payment.paidOn)} · {payment.method} · {payment.reference}
              </span>
              <span className="data-table__amount">{money(payment.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="record-totals">
        <Total term="Balance due" amount={money(invoice.balance)} strong />
      </dl>
    </article>
  );
}
