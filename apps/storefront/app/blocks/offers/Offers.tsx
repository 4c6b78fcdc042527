import type { Offer } from '@storefront/contracts/catalogue';
import { Link } from 'react-router';
import { ProductGrid } from '../../components/ProductGrid';
import { formatDay } from '../../lib/format';
import { productPath } from '../../lib/paths';
import { offerDiscount } from '../product-detail/ProductDetail';
import type { BlockProps, OfferState } from '../types';

/** The offers list (/offers/list/{id}): each offer with its discount, validity and the products it covers. */
export function OfferList({ fields, data }: BlockProps<'offerList'>) {
  return (
    <section className="offer-list" aria-labelledby="offer-list-heading">
      <h1 id="offer-list-heading">{fields.heading}</h1>
      {data.offers.length === 0 ? (
        <p>There are no offers for your catalogue today.</p>
      ) : (
        <ul className="plain-list">
          {data.offers.map(({ offer, items, itemCount, href }) => {
            const currency = items[0]?.currency ?? 'USD';
            const more = itemCount - items.length;
            return (
              <li key={offer.id}>
                <article className="offer-card" aria-labelledby={`offer-${offer.id}`}>
                  <h2 id={`offer-${offer.id}`} className="offer-card__name">
                    {href ? <Link to={href}>{offer.name}</Link> : offer.name}{' '}
                    <span className="tag tag--offer">{offerDiscount(offer, currency)}</span>
                  </h2>
                  {offer.description && <p>{offer.description}</p>}
                  <p className="offer__valid">{validity(offer, 'current')}</p>
                  <p className="offer-card__covers">
                    {itemCount === 1 ? 'Covers 1 product:' : `Covers ${itemCount} products:`}
                  </p>
                  <ul className="offer-card__products">
                    {items.map((item) => (
                      <li key={item.id}>
                        <Link to={productPath(item)}>{item.name}</Link> <span>SKU {item.sku}</span>
                      </li>
                    ))}
                  </ul>
                  {href && more > 0 && (
                    <p>
                      <Link to={href}>
                        See all {itemCount} products<span className="visually-hidden"> of {offer.name}</span>
                      </Link>
                    </p>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** One offer (/offers/detail/{id}?id=): its discount, validity and every product of the catalogue it covers. */
export function OfferDetail({ fields, data }: BlockProps<'offerDetail'>) {
  const { offer, items, state, listHref } = data;
  const currency = items[0]?.currency ?? 'USD';
  return (
    <article className="offer-detail" aria-labelledby="offer-detail-heading">
      {listHref && (
        <p>
          <Link to={listHref}>All offers</Link>
        </p>
      )}
      <h1 id="offer-detail-heading">
        {offer.name} <span className="tag tag--offer">{offerDiscount(offer, currency)}</span>
      </h1>
      {offer.description && <p className="offer-detail__lead">{offer.description}</p>}
      <p className="offer__valid">{validity(offer, state)}</p>
      <section aria-labelledby="offer-products">
        <h2 id="offer-products">
          {items.length === 1 ? '1 product of your catalogue' : `${items.length} products of your catalogue`}
        </h2>
        {items.length > 0 ? (
          <ProductGrid items={items} actions={fields.actions} headingLevel={3} />
        ) : (
          <p>This offer covers no product of your catalogue.</p>
        )}
      </section>
    </article>
  );
}

/** When an offer applies, in a buyer's words. */
function validity({ validFrom, validTo }: Offer, state: OfferState): string {
  if (state === 'ended' && validTo) return `This offer ended on ${formatDay(validTo)}.`;
  if (state === 'upcoming' && validFrom) return `Starts on ${formatDay(validFrom)}.`;
  return validTo ? `Valid until ${formatDay(validTo)}.` : 'Valid with no end date.';
}
