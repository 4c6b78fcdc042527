import type { QuoteLine } from '@storefront/contracts/crm-quotes';
import { useImageAlt } from '../../components/image-alt';
import { useCartAction } from '../../features/cart/use-cart-action';
import { formatDiscount, formatMoney } from '../../lib/format';
import type { ColumnLabels } from './Cart';
import { QuantityEditor } from './QuantityEditor';

interface CartLineProps {
  line: QuoteLine;
  /** The configured instrument this option line was added with; null for other lines. */
  optionOf: string | null;
  currency: string;
  /** The column headings, repeated beside the values where a phone shows no header row. */
  labels: ColumnLabels;
  /** A checked-out quote, or one shown read-only, cannot be changed. */
  editable: boolean;
  /** Removal is the cart's: the line is gone once it is done, the cart reports it. */
  onRemove: (line: QuoteLine) => void;
  removing: boolean;
}

/** What priced the line: its quantity tier, or its offer. */
function priceNote(line: QuoteLine, currency: string): string | null {
  if (line.tier) {
    const range = line.tier.ev === null ? `${line.tier.sv}+` : `${line.tier.sv}–${line.tier.ev}`;
    return `Tier price for ${range} units`;
  }
  if (line.offerId && line.offerDiscount !== null) {
    return line.offerType === 'Percent'
      ? `Offer: ${line.offerDiscount}% off`
      : `Offer: ${formatMoney(line.offerDiscount, currency)} off`;
  }
  return null;
}

/** One line of the cart: the product, its quantity editor, its unit price with tier or offer, its total. */
export function CartLine({ line, optionOf, currency, labels, editable, onRemove, removing }: CartLineProps) {
  const update = useCartAction();
  const imageAlt = useImageAlt();
  const note = priceNote(line, currency);
  const busy = update.busy || removing;
  const instrument = line.configuredGroup?.role === 'Instrument';
  return (
    <tr className={optionOf ? 'cart-line cart-line--option' : 'cart-line'} aria-busy={busy}>
      <td>
        <div className="cart-line__product">
          {line.image && (
            <img
              src={line.image}
              alt={imageAlt(line.image, line.name)}
              width={64}
              height={48}
              loading="lazy"
            />
          )}
          <div className="cart-line__stack">
            <span className="cart-line__name">{line.name}</span>
            <span className="cart-line__sku">SKU {line.sku}</span>
            <span className="cart-line__unit">{line.unit}</span>
            {instrument && (
              <span className="cart-line__note">Configured: its options are listed below it</span>
            )}
            {optionOf && <span className="cart-line__note">Option of the {optionOf}</span>}
          </div>
        </div>
      </td>
      <td data-label={labels.qty}>
        {editable ? (
          <QuantityEditor
            qty={line.qty}
            itemName={line.name}
            busy={update.busy}
            settled={update.result}
            onChange={(qty) => update.submit('update', { quoteId: line.quoteId, lineId: line.id, qty })}
          />
        ) : (
          line.qty
        )}
      </td>
      <td data-label={labels.unitPrice}>
        <div className="cart-line__stack">
          <span data-testid="unit-price">{formatMoney(line.unitPrice, currency)}</span>
          {line.unitPrice < line.listPrice && (
            <s className="cart-line__list-price">
              <span className="visually-hidden">List price </span>
              {formatMoney(line.listPrice, currency)}
            </s>
          )}
          {note && <span className="cart-line__note">{note}</span>}
        </div>
      </td>
      <td data-label={labels.lineTotal}>
        <div className="cart-line__stack">
          <span data-testid="line-total">{formatMoney(line.lineTotal, currency)}</span>
          {line.promoDiscount > 0 && (
            <span className="cart-line__note">Promo {formatDiscount(line.promoDiscount, currency)}</span>
          )}
        </div>
      </td>
      <td>
        {editable && (
          <button
            type="button"
            className="button button--secondary cart-line__remove"
            disabled={busy}
            onClick={() => onRemove(line)}
          >
            Remove
            <span className="visually-hidden">
              {' '}
              {line.name}
              {instrument && ' and its options'}
            </span>
          </button>
        )}
      </td>
    </tr>
  );
}
