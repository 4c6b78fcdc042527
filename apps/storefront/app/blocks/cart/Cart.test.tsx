import type { BlockFieldsInput } from '@storefront/contracts/block-fields';
import type { QuoteListEntry, TranslationHeaders } from '@storefront/contracts/crm-cart-records';
import type { QuoteItems, QuoteLine, QuoteSummary } from '@storefront/contracts/crm-quotes';
import type { PreparedQuote } from '@storefront/contracts/crm-sales-quotes';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/toast/Toasts';
import type { CartLoad } from '../../features/cart/cart.server';
import type { CartActionResult } from '../../features/cart/cart-actions';
import { page, readyBlock } from '../../testing/fixtures';
import { Cart } from './Cart';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const CONTINUE = '/category/all-products';

const summary = (overrides: Partial<QuoteSummary> = {}): QuoteSummary => ({
  id: 'q-1',
  accountId: 'acc-1',
  contactId: 'con-1',
  shipToAccountId: null,
  poNumber: null,
  status: 'Active',
  checkedOut: false,
  currency: 'USD',
  subtotal: 3654,
  discount: 0,
  shippingAmount: 0,
  shippingSurcharge: 0,
  total: 3654,
  createdAt: '2025-03-01T10:00:00Z',
  modifiedAt: '2025-03-02T10:00:00Z',
  ...overrides,
});

const line = (overrides: Partial<QuoteLine>): QuoteLine => ({
  id: 'qli-x',
  quoteId: 'q-1',
  catalogItemId: 'item-x',
  name: 'Item',
  sku: 'SKU-X',
  image: null,
  unit: 'each',
  qty: 1,
  unitPrice: 10,
  listPrice: 10,
  lineTotal: 10,
  tier: null,
  qtyTierAmt: null,
  offerId: null,
  offerType: null,
  offerDiscount: null,
  appliedOnField: null,
  rpId: null,
  promoDiscount: 0,
  configuredGroup: null,
  ...overrides,
});

const antibody = line({
  id: 'qli-1',
  catalogItemId: 'item-1',
  name: 'Anti-Human CD4 Antibody, FITC',
  sku: 'FC-CD4-100',
  unit: '100 tests',
  qty: 12,
  unitPrice: 162,
  listPrice: 200,
  lineTotal: 1944,
  tier: { sv: 10, ev: 24, price: 162 },
  qtyTierAmt: 162,
});
const pipettes = line({
  id: 'qli-2',
  catalogItemId: 'item-2',
  name: 'Filter Pipette Tips, 200 µL',
  sku: 'PT-200-F',
  unit: 'rack of 96',
  qty: 150,
  unitPrice: 9,
  listPrice: 9,
  lineTotal: 1350,
  tier: { sv: 100, ev: null, price: 9 },
});
const kit = line({
  id: 'qli-3',
  catalogItemId: 'item-3',
  name: 'RNA Extraction Kit',
  sku: 'RNA-50',
  unit: '50 preps',
  qty: 2,
  unitPrice: 180,
  listPrice: 200,
  lineTotal: 360,
  offerId: 'offer-1',
  offerType: 'Percent',
  offerDiscount: 10,
});

const items = (overrides: Partial<QuoteItems> = {}): QuoteItems => ({
  quote: summary(),
  lines: [antibody, pipettes, kit],
  promoCode: null,
  ...overrides,
});

const ready = (cart: QuoteItems = items()): CartLoad => ({ status: 'ready', cart });

interface RenderOptions {
  fields?: BlockFieldsInput['cart'];
  /** A signed-in user's earlier open carts. */
  earlier?: QuoteListEntry[];
  /** The open quotes sales prepared for the account. */
  preparedQuotes?: PreparedQuote[];
  /** Column labels in the viewer's language. */
  labels?: Partial<TranslationHeaders['headers']> | null;
  /** The answer of the /api/cart stub; it may also change what the next load of the page returns. */
  answer?: (
    form: Record<string, string>,
    store: { cart: CartLoad },
  ) => CartActionResult | Promise<CartActionResult>;
}

interface CartPageData {
  cart: CartLoad;
  fields: BlockFieldsInput['cart'];
  earlier: QuoteListEntry[];
  preparedQuotes: PreparedQuote[];
  labels: Partial<TranslationHeaders['headers']> | null;
}

/** The cart block as the page renders it, its data from the route's loader. */
function CartPage() {
  const { cart, fields, earlier, preparedQuotes, labels } = useLoaderData() as CartPageData;
  const data = {
    cart,
    continueShopping: CONTINUE,
    earlier,
    preparedQuotes,
    labels: labels as TranslationHeaders['headers'],
  };
  const block = readyBlock('cart', fields, data);
  if (block.state.status !== 'ready') throw new Error('a ready block is always ready');
  return <Cart block={block} fields={block.state.fields} data={data} page={page} />;
}

const NoFallback = () => null;
const SignInPage = () => <h1>Sign in</h1>;

/** The cart block on /cart, its data from a loader (so a cart action revalidates it), next to an /api/cart stub. */
function renderCart(
  initial: CartLoad,
  { fields = {}, earlier = [], preparedQuotes = [], labels = null, answer }: RenderOptions = {},
) {
  const store = { cart: initial };
  const submissions: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: '/cart',
      Component: CartPage,
      HydrateFallback: NoFallback,
      loader: (): CartPageData => ({ cart: store.cart, fields, earlier, preparedQuotes, labels }),
    },
    {
      path: '/api/cart',
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData()) as Record<string, string>;
        submissions.push(form);
        if (!answer) throw new Error(`unexpected cart action ${JSON.stringify(form)}`);
        return answer(form, store);
      },
    },
    { path: '/login', Component: SignInPage },
  ]);
  render(
    <ToastProvider>
      <Stub initialEntries={['/cart']} />
    </ToastProvider>,
  );
  return { submissions, store };
}

const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const cartHeading = (name = 'Your cart') => screen.findByRole('heading', { level: 1, name });
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const totals = () =>
  Array.from(screen.getByLabelText('Cart totals').children).map((pair) => [
    pair.querySelector('dt')?.textContent,
    pair.querySelector('dd')?.textContent,
  ]);

describe('Cart: column labels', () => {
  const headers = () =>
    within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);

  it("labels the columns in the viewer's language when the CRM has them", async () => {
    renderCart(ready(), {
      labels: { name: 'Produkt', qty: 'Menge', unitPrice: 'Stückpreis', lineTotal: 'Gesamt' },
    });
    await cartHeading();
    expect(headers().slice(0, 4)).toEqual(['Produkt', 'Menge', 'Stückpreis', 'Gesamt']);
  });

  it('keeps its own labels without them', async () => {
    renderCart(ready());
    await cartHeading();
    expect(headers().slice(0, 4)).toEqual(['Product', 'Quantity', 'Unit price', 'Total']);
  });
});

describe('Cart: earlier carts', () => {
  const earlierCart = (id: string, lineCount: number, total: number): QuoteListEntry => ({
    ...items().quote,
    id,
    status: 'Inactive',
    total,
    name: null,
    poNumber: null,
    orderNumber: null,
    lineCount,
    createdAt: '2026-10-02T09:00:00.000Z',
  });

  it("lists a signed-in user's earlier carts, each linking to its page, also next to an empty cart", async () => {
    renderCart({ status: 'empty' }, { earlier: [earlierCart('q-old', 3, 1234.5)] });
    const list = await screen.findByRole('region', { name: 'Your earlier carts' });
    // Carts of one day are told apart by their time.
    const link = within(list).getByRole('link', { name: /Cart of Oct 2, 2026, 09:00 UTC/ });
    expect(link.getAttribute('href')).toBe('/cart/q-old');
    expect(within(list).getByText('3 lines, $1,234.50')).toBeTruthy();
  });

  it('shows no list when there are none', async () => {
    renderCart(ready());
    await cartHeading();
    expect(screen.queryByRole('region', { name: 'Your earlier carts' })).toBeNull();
  });
});

describe('Cart: quotes prepared by sales', () => {
  const prepared = (id: string, number: string): PreparedQuote => ({
    id,
    number,
    title: 'Cell sorter service year',
    preparedBy: 'Elena Marsh',
    preparedByEmail: 'elena.marsh@bionova.example',
    note: '',
    currency: 'USD',
    validUntil: '2026-12-31',
    status: 'Open',
    expired: false,
    subtotal: 18250,
    lineCount: 6,
    takenAt: null,
    createdAt: '2026-11-01T09:00:00.000Z',
  });
  const notice = () => screen.findByRole('complementary', { name: 'Quotes from your account manager' });

  it('names the one quote, who prepared it and until when, and links to it', async () => {
    renderCart(ready(), { preparedQuotes: [prepared('pq-1', 'SQ-2026-0412')] });
    const aside = await notice();
    expect(aside.textContent).toContain(
      'Elena Marsh prepared a quote for your account, valid until Dec 31, 2026.',
    );
    const link = within(aside).getByRole('link', { name: 'Review quote SQ-2026-0412' });
    expect(link.getAttribute('href')).toBe('/billing/quotes/pq-1');
  });

  it('counts several quotes and links to their list, also beside an empty cart', async () => {
    renderCart({ status: 'empty' }, { preparedQuotes: [prepared('a', 'SQ-1'), prepared('b', 'SQ-2')] });
    const link = within(await notice()).getByRole('link', { name: 'Review the 2 quotes' });
    expect(link.getAttribute('href')).toBe('/billing/quotes');
  });

  it('says nothing when there is no open quote', async () => {
    renderCart(ready());
    await cartHeading();
    expect(screen.queryByRole('complementary', { name: 'Quotes from your account manager' })).toBeNull();
  });
});

describe('Cart: empty, refused and missing', () => {
  it("shows the configured empty view with 'Continue shopping'", async () => {
    renderCart(
      { status: 'empty' },
      {
        fields: {
          emptyHeading: 'Nothing here yet',
          emptyText: 'Browse {!storefrontName}\nand add products.',
        },
      },
    );
    await cartHeading('Nothing here yet');
    expect(screen.getByText(/Browse Helix Life Sciences/).innerHTML).toBe(
      'Browse Helix Life Sciences<br>and add products.',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe(CONTINUE);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByLabelText('Cart totals')).toBeNull();
  });

  it('uses the default empty heading and text when none is configured', async () => {
    renderCart({ status: 'empty' });
    await cartHeading('Your cart is empty');
    expect(screen.getByText('Browse the catalogue and add products to start a quote.')).toBeTruthy();
  });

  it("refuses someone else's cart with the message and a way to their own cart", async () => {
    renderCart({
      status: 'refused',
      message: 'Access Denied: You do not have permission to view this record.',
    });
    await cartHeading('This cart is not yours');
    expect(screen.getByRole('alert').textContent).toBe(
      'Access Denied: You do not have permission to view this record.',
    );
    expect(screen.getByRole('link', { name: 'Go to your cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the quote does not exist', async () => {
    renderCart({ status: 'missing', message: 'The quote was not found.' });
    await cartHeading('Cart not found');
    expect(screen.getByRole('alert').textContent).toBe('The quote was not found.');
    expect(screen.getByRole('link', { name: 'Go to your cart' }).getAttribute('href')).toBe('/cart');
  });
});

describe('Cart: a ready cart', () => {
  it('shows one row per line with its name, SKU, prices, price note and total', async () => {
    renderCart(ready());
    await cartHeading();
    const rows = bodyRows();
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(first.querySelector('.cart-line__name')?.textContent).toBe('Anti-Human CD4 Antibody, FITC');
    expect(within(first).getByText('SKU FC-CD4-100')).toBeTruthy();
    expect(within(first).getByText('100 tests')).toBeTruthy();
    expect(within(first).getByTestId('unit-price').textContent).toBe('$162.00');
    expect(within(first).getByText('Tier price for 10–24 units')).toBeTruthy();
    expect(first.querySelector('s')?.textContent).toBe('List price $200.00');
    expect(within(first).getByTestId('line-total').textContent).toBe('$1,944.00');
    expect(
      within(first).getByRole('textbox', { name: 'Quantity of Anti-Human CD4 Antibody, FITC' }),
    ).toHaveProperty('value', '12');

    expect(within(second).getByText('SKU PT-200-F')).toBeTruthy();
    expect(within(second).getByTestId('unit-price').textContent).toBe('$9.00');
    expect(within(second).getByText('Tier price for 100+ units')).toBeTruthy();
    expect(second.querySelector('s')).toBeNull();
    expect(within(second).getByTestId('line-total').textContent).toBe('$1,350.00');

    expect(within(third).getByText('Offer: 10% off')).toBeTruthy();
    expect(third.querySelector('s')?.textContent).toBe('List price $200.00');
    expect(within(third).getByTestId('line-total').textContent).toBe('$360.00');

    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('3 lines, 164 units');
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe(CONTINUE);
  });

  it("shows an amount offer in the quote's currency and no note when nothing priced the line", async () => {
    renderCart(
      ready(
        items({
          quote: summary({ currency: 'EUR' }),
          lines: [
            line({ id: 'a', name: 'Amount offer', offerId: 'o-2', offerType: 'Amount', offerDiscount: 5 }),
            line({ id: 'b', name: 'Plain item', unitPrice: 12.5, listPrice: 12.5, lineTotal: 12.5 }),
          ],
        }),
      ),
    );
    await cartHeading();
    const [amount, plain] = bodyRows() as [HTMLElement, HTMLElement];
    expect(within(amount).getByText('Offer: €5.00 off')).toBeTruthy();
    expect(plain.querySelector('.cart-line__note')).toBeNull();
    expect(within(plain).getByTestId('unit-price').textContent).toBe('€12.50');
  });

  it('shows a promo share on the line it discounts', async () => {
    renderCart(ready(items({ lines: [{ ...antibody, promoDiscount: 194.4 }], promoCode: 'SPRING10' })));
    await cartHeading();
    const [row] = bodyRows() as [HTMLElement];
    expect(within(row).getByText('Promo −$194.40')).toBeTruthy();
  });

  it('shows Subtotal and Total as money, without a Discount row when there is no discount', async () => {
    renderCart(ready(items({ quote: summary({ subtotal: 3654, discount: 0, total: 3654 }) })));
    await cartHeading();
    expect(totals()).toEqual([
      ['Subtotal', '$3,654.00'],
      ['Total', '$3,654.00'],
    ]);
  });

  it('shows the Discount with the promo code in its label', async () => {
    renderCart(
      ready(
        items({ quote: summary({ subtotal: 3654, discount: 365.4, total: 3288.6 }), promoCode: 'SPRING10' }),
      ),
    );
    await cartHeading();
    expect(totals()).toEqual([
      ['Subtotal', '$3,654.00'],
      ['Discount (SPRING10)', '−$365.40'],
      ['Total', '$3,288.60'],
    ]);
  });

  it('offers the promo code form on an editable cart without a code', async () => {
    renderCart(ready());
    await cartHeading();
    const input = screen.getByRole('textbox', { name: 'Promo code' }) as HTMLInputElement;
    expect(input.name).toBe('promoCode');
    expect(input.closest('form')?.getAttribute('action')).toBe('/api/cart');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeTruthy();
  });

  it('says which promo code is applied, offers to remove it, and says another code replaces it', async () => {
    const { submissions } = renderCart(ready(items({ promoCode: 'SPRING10' })), {
      answer: (_form, store) => {
        store.cart = ready(items());
        return {
          ok: true,
          intent: 'removePromo',
          message: 'Promo code SPRING10 was removed.',
          quoteId: 'q-1',
          lineCount: 3,
          cart: null,
        };
      },
    });
    await cartHeading();
    expect(document.querySelector('.promo-code__applied span')?.textContent).toBe(
      'Promo code SPRING10 applied',
    );
    const input = screen.getByRole('textbox', { name: 'Promo code' });
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Applying another code replaces SPRING10.',
    );
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Remove promo code SPRING10' })),
    );
    await within(notifications()).findByText('Promo code SPRING10 was removed.');
    expect(submissions).toEqual([{ intent: 'removePromo', quoteId: 'q-1', promoCode: 'SPRING10' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Remove promo code/ })).toBeNull());
  });

  it('says a refused code beside the field, keeping what was typed, without a toast', async () => {
    renderCart(ready(), {
      answer: () => ({ ok: false, intent: 'promo', message: 'SPRING24 is expired.' }),
    });
    await cartHeading();
    const input = screen.getByRole('textbox', { name: 'Promo code' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'SPRING24' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('SPRING24 is expired.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(input.value).toBe('SPRING24');
    expect(within(notifications()).queryByText('SPRING24 is expired.')).toBeNull();
  });

  it('hides the promo code form when the block turns it off', async () => {
    renderCart(ready(), { fields: { showPromoCode: false } });
    await cartHeading();
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).toBeNull();
  });

  it('submits a promo code with the quote id', async () => {
    const { submissions } = renderCart(ready(), {
      answer: () => ({
        ok: true,
        intent: 'promo',
        message: 'Promo code SPRING10 applied.',
        quoteId: 'q-1',
        lineCount: 3,
        cart: null,
      }),
    });
    await cartHeading();
    fireEvent.change(screen.getByRole('textbox', { name: 'Promo code' }), { target: { value: 'SPRING10' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    await within(notifications()).findByText('Promo code SPRING10 applied.');
    expect(submissions).toEqual([{ intent: 'promo', quoteId: 'q-1', promoCode: 'SPRING10' }]);
    expect((screen.getByRole('textbox', { name: 'Promo code' }) as HTMLInputElement).value).toBe('');
  });

  it('shows a checked-out quote read-only and says so', async () => {
    renderCart(ready(items({ quote: summary({ checkedOut: true }) })));
    await cartHeading();
    expect(screen.getByText('This quote is checked out; its lines can no longer change.')).toBeTruthy();
    expect(bodyRows()).toHaveLength(3);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /quantity of/ })).toBeNull();
    expect(bodyRows()[0]?.querySelectorAll('td')[1]?.textContent).toBe('12');
    expect(screen.queryByRole('button', { name: 'Make this my cart' })).toBeNull();
  });

  it('says a quote without lines has none, without a table, promo form or export', async () => {
    renderCart(ready(items({ lines: [], quote: summary({ subtotal: 0, total: 0 }) })));
    await cartHeading();
    expect(screen.getByText('This quote has no lines.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export to CSV' })).toBeNull();
  });
});

describe('Cart: an earlier (Inactive) quote', () => {
  it("is read-only and offers 'Make this my cart', which submits makeActive", async () => {
    const { submissions } = renderCart(
      ready(items({ quote: summary({ id: 'q-old', status: 'Inactive' }) })),
      {
        answer: (_, store) => {
          store.cart = ready(items({ quote: summary({ id: 'q-old', status: 'Active' }) }));
          return {
            ok: true,
            intent: 'makeActive',
            message: 'This quote is now your cart.',
            quoteId: 'q-old',
            lineCount: 3,
            cart: null,
          };
        },
      },
    );
    await cartHeading();
    expect(screen.getByText(/This is an earlier quote, not your current cart\./)).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(localStorage.getItem('EC_Quote_Id')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Make this my cart' })));
    await within(notifications()).findByText('This quote is now your cart.');
    expect(submissions).toEqual([{ intent: 'makeActive', quoteId: 'q-old' }]);
    // Revalidated: the quote is now the cart, editable, and remembered.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make this my cart' })).toBeNull());
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(3);
    expect(localStorage.getItem('EC_Quote_Id')).toBe('q-old');
    expect(localStorage.getItem('qreset-q-old')).toBe('true');
  });
});

describe('Cart: EC_Quote_Id', () => {
  it('an Active cart stores its quote id', async () => {
    renderCart(ready(items({ quote: summary({ id: 'q-77' }) })));
    await cartHeading();
    await waitFor(() => expect(localStorage.getItem('EC_Quote_Id')).toBe('q-77'));
  });

  it('a checked-out quote removes it', async () => {
    localStorage.setItem('EC_Quote_Id', 'q-1');
    renderCart(ready(items({ quote: summary({ checkedOut: true }) })));
    await cartHeading();
    await waitFor(() => expect(localStorage.getItem('EC_Quote_Id')).toBeNull());
  });

  it('an earlier quote leaves the current cart id alone', async () => {
    localStorage.setItem('EC_Quote_Id', 'q-current');
    renderCart(ready(items({ quote: summary({ id: 'q-old', status: 'Inactive' }) })));
    await cartHeading();
    expect(localStorage.getItem('EC_Quote_Id')).toBe('q-current');
  });
});

describe('Cart: changing lines', () => {
  const removed = (quoteId = 'q-1'): CartActionResult => ({
    ok: true,
    intent: 'remove',
    message: 'The line was removed from your cart.',
    quoteId,
    lineCount: 2,
    cart: null,
  });

  it("Remove submits the line, the line goes, and the answer's toast shows", async () => {
    const { submissions } = renderCart(ready(), {
      answer: (form, store) => {
        store.cart = ready(items({ lines: [antibody, pipettes, kit].filter((l) => l.id !== form.lineId) }));
        return removed();
      },
    });
    await cartHeading();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Remove Filter Pipette Tips, 200 µL' })),
    );
    await within(notifications()).findByText('The line was removed from your cart.');
    expect(submissions).toEqual([{ intent: 'remove', quoteId: 'q-1', lineId: 'qli-2' }]);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.queryByText('Filter Pipette Tips, 200 µL')).toBeNull();
    expect(localStorage.getItem('qreset-q-1')).toBe('true');
  });

  it('the toast shows even when removing the last line empties the cart', async () => {
    renderCart(ready(items({ lines: [kit] })), {
      answer: (_, store) => {
        store.cart = { status: 'empty' };
        return removed();
      },
    });
    await cartHeading();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove RNA Extraction Kit' })));
    await cartHeading('Your cart is empty');
    await within(notifications()).findByText('The line was removed from your cart.');
    expect(localStorage.getItem('qreset-q-1')).toBe('true');
  });

  it('disables every Remove while a removal is under way', async () => {
    let release: (result: CartActionResult) => void = () => {};
    renderCart(ready(), { answer: () => new Promise((resolve) => (release = resolve)) });
    await cartHeading();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove RNA Extraction Kit' })));
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: /^Remove/ }).every((button) => button.hasAttribute('disabled')),
      ).toBe(true),
    );
    await act(async () => release(removed()));
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: /^Remove/ }).some((button) => button.hasAttribute('disabled')),
      ).toBe(false),
    );
  });

  it('an error answer shows an error toast and sets no changed flag', async () => {
    renderCart(ready(), {
      answer: () => ({
        ok: false,
        intent: 'remove',
        message: 'The line could not be removed. Please try again.',
      }),
    });
    await cartHeading();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove RNA Extraction Kit' })));
    const alert = await within(notifications()).findByRole('alert');
    expect(alert.textContent).toContain('The line could not be removed. Please try again.');
    expect(bodyRows()).toHaveLength(3);
    expect(localStorage.getItem('qreset-q-1')).toBeNull();
  });

  it('an expired session goes to sign-in and still says why', async () => {
    renderCart(ready(), {
      answer: () => ({
        ok: false,
        intent: 'remove',
        message: 'Your session has expired. Please sign in again.',
        signInPath: '/login',
      }),
    });
    await cartHeading();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove RNA Extraction Kit' })));
    await screen.findByRole('heading', { name: 'Sign in' });
    const alert = await within(notifications()).findByRole('alert');
    expect(alert.textContent).toContain('Your session has expired. Please sign in again.');
  });

  it('a typed quantity is sent as intent update once typing pauses', async () => {
    const { submissions } = renderCart(ready(), {
      answer: (form, store) => {
        store.cart = ready(items({ lines: [{ ...antibody, qty: Number(form.qty) }, pipettes, kit] }));
        return { ok: true, intent: 'update', message: null, quoteId: 'q-1', lineCount: 3, cart: null };
      },
    });
    await cartHeading();
    const qty = screen.getByRole('textbox', { name: 'Quantity of Anti-Human CD4 Antibody, FITC' });
    fireEvent.change(qty, { target: { value: '2' } });
    fireEvent.change(qty, { target: { value: '25' } });
    await waitFor(() => expect(submissions).toHaveLength(1), { timeout: 2000 });
    expect(submissions).toEqual([{ intent: 'update', quoteId: 'q-1', lineId: 'qli-1', qty: '25' }]);
    await waitFor(() => expect(localStorage.getItem('qreset-q-1')).toBe('true'));
    expect(within(notifications()).queryByRole('alert')).toBeNull();
  });
});

describe('Cart: check out', () => {
  const checkOut = () => screen.queryByRole('link', { name: 'Check out' });

  it('leads a cart with lines to the checkout', async () => {
    renderCart(ready());
    await cartHeading();
    expect(checkOut()?.getAttribute('href')).toBe('/checkout');
  });

  it('offers no checkout for an empty cart', async () => {
    renderCart({ status: 'empty' });
    await cartHeading('Your cart is empty');
    expect(checkOut()).toBeNull();
  });

  it('offers no checkout for a checked-out quote', async () => {
    renderCart(ready(items({ quote: summary({ checkedOut: true }) })));
    await cartHeading();
    expect(checkOut()).toBeNull();
  });
});
