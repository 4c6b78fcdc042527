import type { CatalogItemDetail, ProductDocument, ProductLot } from '@storefront/contracts/catalogue';

/** The documents every product has, and a certificate of analysis per lot (docs/decisions/0012). */
export type DocumentKind = 'datasheet' | 'sds' | 'coa';

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  datasheet: 'Datasheet',
  sds: 'Safety data sheet',
  coa: 'Certificate of analysis',
};

export interface DocumentLink {
  kind: DocumentKind;
  title: string;
  href: string;
  /** The name the browser saves it under. */
  fileName: string;
}

export interface CertificateLink extends DocumentLink {
  lot: ProductLot;
}

/** A lot number as it may appear in a path: letters, digits and hyphens. */
const LOT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/;

/** The file names in product document paths: 'datasheet.pdf', 'sds.pdf', 'coa-<lot>.pdf'. */
export function parseDocumentFile(file: string): { kind: DocumentKind; lotNumber?: string } | null {
  if (file === 'datasheet.pdf') return { kind: 'datasheet' };
  if (file === 'sds.pdf') return { kind: 'sds' };
  const lotNumber = /^coa-(.+)\.pdf$/.exec(file)?.[1];
  return lotNumber && LOT_NUMBER.test(lotNumber) ? { kind: 'coa', lotNumber } : null;
}

/** A file name safe in a Content-Disposition header: only letters, digits, dot, hyphen and underscore. */
export function documentFileName(sku: string, kind: DocumentKind, lotNumber?: string): string {
  const name = [sku, kind, lotNumber].filter(Boolean).join('-');
  return `${name.replace(/[^\w.-]/g, '_')}.pdf`;
}

const documentsPath = (item: CatalogItemDetail, file: string) =>
  `/products/${encodeURIComponent(item.slug)}/documents/${file}`;

function sheet(item: CatalogItemDetail, kind: 'datasheet' | 'sds'): DocumentLink {
  return {
    kind,
    title: DOCUMENT_TITLES[kind],
    href: documentsPath(item, `${kind}.pdf`),
    fileName: documentFileName(item.sku, kind),
  };
}

/** The product page's downloads: datasheet and SDS, and a certificate per lot, newest first. */
export function productDocuments(item: CatalogItemDetail): {
  sheets: DocumentLink[];
  certificates: CertificateLink[];
} {
  return {
    sheets: [sheet(item, 'datasheet'), sheet(item, 'sds')],
    certificates: item.lots.map((lot) => ({
      kind: 'coa',
      title: `${DOCUMENT_TITLES.coa}, lot ${lot.lotNumber}`,
      href: documentsPath(item, `coa-${lot.lotNumber}.pdf`),
      fileName: documentFileName(item.sku, 'coa', lot.lotNumber),
      lot,
    })),
  };
}

/** An https address, or a path of the storefront's own ('//host' and '/\\host' lead elsewhere). */
const LINKABLE = /^(?:https:\/\/|\/(?![/\\]))/i;

/**
 * The product's own documents the page may link: the importer checks addresses, but the page links only https
 * or its own paths whatever the CRM holds, so no javascript: or plain-http address reaches a buyer.
 */
export function linkableDocuments(documents: readonly ProductDocument[]): ProductDocument[] {
  return documents.filter((document) => LINKABLE.test(document.url));
}
