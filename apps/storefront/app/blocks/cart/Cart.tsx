import type { QuoteListEntry } from '@storefront/contracts/crm-cart-records';
import type { QuoteItems, QuoteLine } from '@storefront/contracts/crm-quotes';
import type { PreparedQuote } from '@storefront/contracts/crm-sales-quotes';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CmsText } from '../../components/CmsText';
import { forgetQuote, rememberQuote } from '../../features/cart/quote-storage';
import { useCartAction } from '../../features/cart/use-cart-action';
import { AddToList } from '../../features/requisition-lists/AddToList';
import { formatDay, formatDiscount, formatMoment, formatMoney } from '../../lib/format';
import type { BlockProps } from '../types';
import { CartExport } from './CartExport';
import { CartLine } from './CartLine';
import { cartRows } from './configured-groups';
import { PromoCodeForm } from './PromoCodeForm';

/**
 * The cart (spec C§2, C§4): the quote's lines with quantity editors, prices the CRM computed, the promo code,
 * totals and 'Continue shopping'; an empty cart has its own view. The browser keeps the quote id (EC_Quote_Id)
 * while the quote is the cart, and forgets it once the quote is checked out.
 */
export function Cart(props: BlockProps<'cart'>) {
  return (
    <>
      <PreparedQuotesNotice quotes={props.data.preparedQuotes} />
      <CartView {...props} />
      <EarlierCarts carts={props.data.earlier} />
    </>
  );
}

function CartView({ fields, data, page }: BlockProps<'cart'>) {
  const { cart, continueShopping } = data;
  // Held here, not by the line or the table: they are gone before the answer is reported.
  const remove = useCartAction();
  const startNew = useCartAction();
  const quote = cart.status === 'ready' ? cart.cart.quote : null;
  useEffect(() => {
    if (!quote) return;
    if (quote.checkedOut) forgetQuote();
    else if (quote.status === 'Active') rememberQuote(quote.id);
  }, [quote]);
  // The new cart is empty, so the empty view has no quote to remember: the answer names it.
  const started = startNew.result?.ok ? startNew.result.quoteId : null;
  useEffect(() => {
    if (started) rememberQuote(started);
  }, [started]);

  if (cart.status === 'refused' || cart.status === 'missing') {
    return (
      <section className="cart cart--refused" aria-labelledby="cart-heading">
        <h1 id="cart-heading">{cart.status === 'refused' ? 'This cart is not yours' : 'Cart not found'}</h1>
        <p role="alert">{cart.message}</p>
        <Link to="/cart" className="button">
          Go to your cart
        </Link>
      </section>
    );
  }
  if (cart.status === 'empty') {
    return (
      <section className="cart cart--empty" aria-labelledby="cart-heading">
        <h1 id="cart-heading">{fields.emptyHeading}</h1>
        <p>
          <CmsText text={fields.emptyText} values={page.placeholders} />
        </p>
        <Link to={continueShopping} className="button">
          Continue shopping
        </Link>
      </section>
    );
  }
  return (
    <CartContents
      fields={fields}
      cart={cart.cart}
      continueShopping={continueShopping}
      labels={{ ...DEFAULT_LABELS, ...data.labels }}
      onRemove={(line) => remove.submit('remove', { quoteId: line.quoteId, lineId: line.id })}
      removing={remove.busy}
      // Only a signed-in buyer keeps earlier carts to come back to.
      onStartNew={page.viewer.signedIn ? () => startNew.submit('startNew', {}) : null}
      startingNew={startNew.busy}
      keepsLists={page.viewer.signedIn}
    />
  );
}

/** The column labels the page shows when the CRM's translations cannot be had. */
const DEFAULT_LABELS = { name: 'Product', qty: 'Quantity', unitPrice: 'Unit price', lineTotal: 'Total' };
export type ColumnLabels = typeof DEFAULT_LABELS;

interface CartContentsProps {
  fields: BlockProps<'cart'>['fields'];
  cart: QuoteItems;
  continueShopping: string;
  labels: ColumnLabels;
  onRemove: (line: QuoteLine) => void;
  removing: boolean;
  /** Starts a new, empty cart; null when the viewer cannot keep more than one. */
  onStartNew: (() => void) | null;
  startingNew: boolean;
  /** A signed-in buyer may keep the cart's lines on a requisition list. */
  keepsLists: boolean;
}

function CartContents({
  fields,
  cart,
  continueShopping,
  labels,
  onRemove,
  removing,
  onStartNew,
  startingNew,
  keepsLists,
}: CartContentsProps) {
  const { quote, lines, promoCode } = cart;
  const editable = quote.status === 'Active' && !quote.checkedOut;
  const count = lines.reduce((sum, line) => sum + line.qty, 0);
  return (
    <section className="cart" aria-labelledby="cart-heading">
      <h1 id="cart-heading">{fields.heading}</h1>
      <QuoteState quote={quote} />
      {lines.length === 0 ? (
        <p>This quote has no lines.</p>
      ) : (
        <div className="cart__table-wrap">
          <table className="cart__table">
            <caption className="visually-hidden">
              {lines.length} lines, {count} units
            </caption>
            <thead>
              <tr>
                <th scope="col">{labels.name}</th>
                <th scope="col">{labels.qty}</th>
                <th scope="col">{labels.unitPrice}</th>
                <th scope="col">{labels.lineTotal}</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cartRows(lines).map(({ line, optionOf }) => (
                <CartLine
                  key={line.id}
                  line={line}
                  optionOf={optionOf}
                  currency={quote.currency}
                  labels={labels}
                  editable={editable}
                  onRemove={onRemove}
                  removing={removing}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="cart__footer">
        <div className="cart__side">
          {editable && fields.showPromoCode && lines.length > 0 && (
            <PromoCodeForm quoteId={quote.id} applied={promoCode} />
          )}
          {fields.showExport && lines.length > 0 && <CartExport quoteId={quote.id} />}
          {keepsLists && lines.length > 0 && (
            <AddToList
              entries={lines.map(({ sku, qty }) => ({ sku, qty }))}
              label="Add cart to a list"
              subject="the cart’s lines"
            />
          )}
        </div>
        <dl className="cart__totals" aria-label="Cart totals">
          <div>
            <dt>Subtotal</dt>
            <dd data-testid="cart-subtotal">{formatMoney(quote.subtotal, quote.currency)}</dd>
          </div>
          {quote.discount > 0 && (
            <div>
              <dt>Discount{promoCode ? ` (${promoCode})` : ''}</dt>
              <dd data-testid="cart-discount">{formatDiscount(quote.discount, quote.currency)}</dd>
            </div>
          )}
          <div className="cart__total">
            <dt>Total</dt>
            <dd data-testid="cart-total">{formatMoney(quote.total, quote.currency)}</dd>
          </div>
        </dl>
      </div>
      <div className="cart__actions">
        <Link to={continueShopping} className="button button--secondary">
          Continue shopping
        </Link>
        {/* Only the cart itself, with lines, can be checked out, or set aside for a new one. */}
        {editable && lines.length > 0 && onStartNew && (
          <StartNewCart onConfirm={onStartNew} busy={startingNew} />
        )}
        {editable && lines.length > 0 && (
          <Link to="/checkout" className="button">
            Check out
          </Link>
        )}
      </div>
    </section>
  );
}

/**
 * 'Start new cart' (C§7's startNewCart), confirmed first: the cart in hand is not lost but set aside among the
 * earlier carts, where it can become the cart again.
 */
function StartNewCart({ onConfirm, busy }: { onConfirm: () => void; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // The question takes the focus when it opens, and gives it back to its button when it closes.
  useEffect(() => {
    if (confirming) confirm.current?.focus();
    else if (asked.current) opener.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  if (!confirming) {
    return (
      <button
        type="button"
        ref={opener}
        className="button button--secondary"
        onClick={() => setConfirming(true)}
      >
        Start new cart
      </button>
    );
  }
  return (
    <fieldset className="cart__confirm">
      <legend>
        Start a new, empty cart? This cart is kept under Your earlier carts, where you can make it your cart
        again.
      </legend>
      <div className="cart__confirm-actions">
        <button type="button" ref={confirm} className="button" disabled={busy} onClick={onConfirm}>
          {busy ? 'Starting a new cart…' : 'Yes, start a new cart'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
          Keep this cart
        </button>
      </div>
    </fieldset>
  );
}

/** A quote that is not the cart says so: checked out, or an earlier cart that can become the cart again. */
function QuoteState({ quote }: { quote: QuoteItems['quote'] }) {
  const makeActive = useCartAction();
  if (quote.checkedOut)
    return <p className="cart__state">This quote is checked out; its lines can no longer change.</p>;
  if (quote.status === 'Active') return null;
  return (
    <p className="cart__state">
      This is an earlier quote, not your current cart.{' '}
      <button
        type="button"
        className="button button--secondary"
        disabled={makeActive.busy}
        onClick={() => makeActive.submit('makeActive', { quoteId: quote.id })}
      >
        Make this my cart
      </button>
    </p>
  );
}

/** Quotes sales prepared for the account wait beside the cart: one can become the cart. */
function PreparedQuotesNotice({ quotes }: { quotes: PreparedQuote[] }) {
  const [first] = quotes;
  if (!first) return null;
  const link =
    quotes.length === 1
      ? { to: `/billing/quotes/${encodeURIComponent(first.id)}`, label: `Review quote ${first.number}` }
      : { to: '/billing/quotes', label: `Review the ${quotes.length} quotes` };
  return (
    <aside className="cart__prepared" aria-label="Quotes from your account manager">
      <p>
        {quotes.length === 1
          ? `${first.preparedBy} prepared a quote for your account, valid until ${formatDay(first.validUntil)}.`
          : `Your account manager prepared ${quotes.length} quotes for your account.`}{' '}
        <Link to={link.to}>{link.label}</Link>
      </p>
    </aside>
  );
}

/** A signed-in user's earlier open carts, to go back to one (it can become the cart again there). */
function EarlierCarts({ carts }: { carts: QuoteListEntry[] }) {
  if (carts.length === 0) return null;
  return (
    <section className="earlier-carts" aria-labelledby="earlier-carts-heading">
      <h2 id="earlier-carts-heading">Your earlier carts</h2>
      <ul>
        {carts.map((quote) => (
          <li key={quote.id}>
            <Link to={`/cart/${encodeURIComponent(quote.id)}`}>
              {quote.name ?? `Cart of ${formatMoment(quote.createdAt)}`}
            </Link>{' '}
            <span>
              {quote.lineCount} {quote.lineCount === 1 ? 'line' : 'lines'},{' '}
              {formatMoney(quote.total, quote.currency)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
