import type { CatalogItemDetail, Offer } from '@storefront/contracts/catalogue';
import { Link } from 'react-router';
import { CmsText } from '../../components/CmsText';
import { useImageAlt } from '../../components/image-alt';
import { ProductActions } from '../../components/ProductActions';
import { linkableDocuments, productDocuments } from '../../features/product-documents/documents';
import { formatDay, formatMoney } from '../../lib/format';
import { categoryPath, productPath } from '../../lib/paths';
import type { BlockProps } from '../types';
import { availabilityLine } from './availability';
import { lazyPart } from './lazy-part';
import { tierRows } from './tiers';

/** "Add to list" is a signed-in buyer's only: a guest's product page does not load its code. */
const AddToList = lazyPart('app/blocks/product-detail/AddToListPart.ts', () =>
  import('./AddToListPart').then((module) => module.AddToList),
);
/** A product the viewer's catalogue lacks is rare: most product pages do not load its alternatives' tiles. */
const NotInCatalogue = lazyPart('app/blocks/product-detail/NotInCatalogue.tsx', () =>
  import('./NotInCatalogue').then((module) => module.NotInCatalogue),
);

/**
 * A product page: images, name, SKU, unit, price, availability, description, quantity tiers, offers and actions;
 * a discontinued product is shown as no longer sold, pointing to its replacement, and cannot be added to a cart.
 */
export function ProductDetail({ fields, data, page }: BlockProps<'productDetail'>) {
  const imageAlt = useImageAlt();
  if (data.elsewhere) return <NotInCatalogue product={data.elsewhere} actions={fields.actions} />;
  const { item } = data;
  const [mainImage, ...moreImages] = item.images.length > 0 ? item.images : [item.imageUrl].filter(Boolean);
  const rows = tierRows(item.tiers, item.currency);
  const availability = item.discontinued ? null : availabilityLine(item.stock);
  return (
    <article className="product-detail">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={categoryPath(item.category.id)}>{item.category.name}</Link>
          </li>
          <li aria-current="page">{item.name}</li>
        </ol>
      </nav>
      <div className="product-detail__layout">
        <div className="product-detail__gallery">
          {mainImage && (
            <img
              src={mainImage}
              alt={imageAlt(mainImage, item.name)}
              width={640}
              height={480}
              // The page's largest picture: fetched before the page's scripts, it paints sooner.
              fetchPriority="high"
              className="product-detail__image"
            />
          )}
          {moreImages.map((src, index) => (
            <img
              key={src}
              src={src}
              alt={imageAlt(src, `${item.name}, view ${index + 2}`)}
              width={160}
              height={120}
              loading="lazy"
              className="product-detail__thumb"
            />
          ))}
        </div>
        <div className="product-detail__summary">
          <h1 className="product-detail__name">{item.name}</h1>
          <dl className="product-detail__facts">
            <div>
              <dt>SKU</dt>
              <dd>{item.sku}</dd>
            </div>
            {item.unit && (
              <div>
                <dt>Unit</dt>
                <dd>{item.unit}</dd>
              </div>
            )}
          </dl>
          <p className="product-detail__price">
            <span className="price price--large">{item.formattedPrice}</span>
            {item.listPrice > item.price && (
              <span className="product-detail__list-price">
                List price <s>{formatMoney(item.listPrice, item.currency)}</s>
              </span>
            )}
          </p>
          {availability && <p className="product-detail__availability">{availability}</p>}
          {item.shortDescription && <p className="product-detail__lead">{item.shortDescription}</p>}
          {item.discontinued ? (
            <Discontinued replacement={item.discontinued.replacement} />
          ) : (
            <>
              <ProductActions actions={fields.actions} item={item} />
              {/* A signed-in buyer keeps requisition lists; a guest has none. */}
              {page.viewer.signedIn && (
                <AddToList entries={[{ sku: item.sku, qty: 1 }]} label="Add to list" subject={item.name} />
              )}
            </>
          )}
          {fields.showTiers && rows.length > 0 && (
            <table className="tier-table">
              <caption>Volume pricing</caption>
              <thead>
                <tr>
                  <th scope="col">Quantity</th>
                  <th scope="col">Unit price</th>
                  <th scope="col">You save</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.quantity}>
                    <th scope="row">{row.quantity}</th>
                    <td>{row.unitPrice}</td>
                    <td>{row.saving}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {fields.showOffers && item.offers.length > 0 && (
            <section aria-labelledby="product-offers" className="offers">
              <h2 id="product-offers">Offers</h2>
              <ul className="plain-list">
                {item.offers.map((offer) => (
                  <li key={offer.id} className="offer">
                    <p className="offer__name">
                      {offer.name}{' '}
                      <span className="tag tag--offer">{offerDiscount(offer, item.currency)}</span>
                    </p>
                    {offer.description && <p className="offer__text">{offer.description}</p>}
                    {offer.validTo && <p className="offer__valid">Valid until {formatDay(offer.validTo)}</p>}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
      {item.description && (
        <section aria-labelledby="product-description" className="product-detail__description">
          <h2 id="product-description">Description</h2>
          <p>
            <CmsText text={item.description} />
          </p>
        </section>
      )}
      <div className="product-detail__reference">
        <Specifications item={item} />
        <Documents item={item} />
      </div>
    </article>
  );
}

/** What a buyer of a product no longer sold orders instead, when the catalogue sells it. */
function Discontinued({ replacement }: NonNullable<CatalogItemDetail['discontinued']>) {
  return (
    <div className="product-detail__discontinued">
      <p>
        <strong>No longer sold</strong>
      </p>
      {replacement && (
        <p>
          <Link to={productPath(replacement)}>
            Replaced by {replacement.name} ({replacement.sku})
          </Link>
        </p>
      )}
    </div>
  );
}

/** The specifications a scientist compares, in the order the CRM gives them. */
function Specifications({ item }: { item: CatalogItemDetail }) {
  if (item.specifications.length === 0) return null;
  return (
    <section aria-labelledby="product-specifications" className="product-detail__specifications">
      <h2 id="product-specifications">Specifications</h2>
      <table className="spec-table">
        <caption className="visually-hidden">Specifications of {item.name}</caption>
        <tbody>
          {item.specifications.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Datasheet, SDS and a certificate of analysis per lot, as PDF downloads, then the product's own documents. */
function Documents({ item }: { item: CatalogItemDetail }) {
  const { sheets, certificates } = productDocuments(item);
  const ownDocuments = linkableDocuments(item.documents);
  return (
    <section aria-labelledby="product-documents" className="product-detail__documents">
      <h2 id="product-documents">Documents</h2>
      <ul className="document-list">
        {sheets.map((document) => (
          <li key={document.kind}>
            <a href={document.href} download={document.fileName} className="document-link">
              {document.title}
            </a>{' '}
            <span className="document-link__type">PDF</span>
          </li>
        ))}
        {ownDocuments.map((document) => (
          <li key={document.url}>
            <a href={document.url} className="document-link">
              {document.title}
            </a>
          </li>
        ))}
      </ul>
      {certificates.length > 0 && (
        <table className="lot-table">
          <caption>Certificates of analysis</caption>
          <thead>
            <tr>
              <th scope="col">Lot</th>
              <th scope="col">Manufactured</th>
              <th scope="col">Expires</th>
              <th scope="col">Certificate</th>
            </tr>
          </thead>
          <tbody>
            {certificates.map(({ lot, href, fileName, title }) => (
              <tr key={lot.lotNumber}>
                <th scope="row">{lot.lotNumber}</th>
                <td>{formatDay(lot.manufacturedOn)}</td>
                <td>{formatDay(lot.expiresOn)}</td>
                <td>
                  <a href={href} download={fileName}>
                    PDF<span className="visually-hidden">, {title}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * An offer's discount as a buyer reads it: '15% off', '$150.00 off'. The offer pages read it from here, so a
 * product page's code stays one chunk (docs/decisions/0043).
 */
export function offerDiscount(offer: Offer, currency: string): string {
  return offer.offerType === 'Percent'
    ? `${offer.discount}% off`
    : `${formatMoney(offer.discount, currency)} off`;
}
