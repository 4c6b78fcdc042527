import { type CartColumn, DEFAULT_LOCALE } from '@storefront/contracts';

type Labels = Record<CartColumn, string>;

const EN_US: Labels = {
  sku: 'SKU',
  name: 'Product',
  unit: 'Unit',
  qty: 'Quantity',
  unitPrice: 'Unit Price',
  listPrice: 'List Price',
  lineTotal: 'Line Total',
  promoDiscount: 'Discount',
  category: 'Category',
  Application: 'Application',
  Format: 'Format',
  Species: 'Species',
  Conjugate: 'Conjugate',
  Brand: 'Brand',
};

const DE_DE: Labels = {
  sku: 'Artikelnummer',
  name: 'Produkt',
  unit: 'Einheit',
  qty: 'Menge',
  unitPrice: 'Stückpreis',
  listPrice: 'Listenpreis',
  lineTotal: 'Gesamtpreis',
  promoDiscount: 'Rabatt',
  category: 'Kategorie',
  Application: 'Anwendung',
  Format: 'Format',
  Species: 'Spezies',
  Conjugate: 'Konjugat',
  Brand: 'Marke',
};

const FR_FR: Labels = {
  sku: 'Référence',
  name: 'Produit',
  unit: 'Unité',
  qty: 'Quantité',
  unitPrice: 'Prix unitaire',
  listPrice: 'Prix catalogue',
  lineTotal: 'Total de la ligne',
  promoDiscount: 'Remise',
  category: 'Catégorie',
  Application: 'Application',
  Format: 'Format',
  Species: 'Espèce',
  Conjugate: 'Conjugué',
  Brand: 'Marque',
};

const LABELS: Readonly<Record<string, Labels>> = { 'en-US': EN_US, 'de-DE': DE_DE, 'fr-FR': FR_FR };

/**
 * The supported locale a requested one reads as: the user's `local` claim spells it with an underscore
 * (spec C§3), letter case varies, and a bare or regional language ('de', 'de-AT') takes that language's
 * labels. Anything else falls back to the default locale.
 */
export function resolveLocale(requested: string): string {
  const wanted = requested.replaceAll('_', '-').toLowerCase();
  const supported = Object.keys(LABELS);
  const exact = supported.find((locale) => locale.toLowerCase() === wanted);
  const language = wanted.split('-')[0];
  return (
    exact ?? supported.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? DEFAULT_LOCALE
  );
}

/** The cart column labels of a supported locale (see resolveLocale). */
export function cartHeaders(locale: string): Labels {
  return LABELS[locale] ?? EN_US;
}
