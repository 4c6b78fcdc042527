import type { PDFFont, PDFPage } from 'pdf-lib';
import { currencyDigits } from '../../core/money';

/**
 * Everything the order's PDF shows, read by the caller from the checked-out quote. An invoice is the same
 * document with its own title, its dates and the payments applied after the total.
 */
export interface OrderDocument {
  company: string;
  orderNumber: string;
  /** The heading; 'Order {orderNumber}' unless given. */
  title?: string;
  /** Further facts under the date (an invoice's due date, its order). */
  facts?: { label: string; value: string }[];
  /** Amounts after the total (payments applied, the balance); the last is printed bold. */
  settlement?: { label: string; amount: number }[];
  /** YYYY-MM-DD. */
  date: string;
  currency: string;
  billTo: string[];
  shipTo: string[];
  poNumber: string | null;
  paymentTerms: string;
  /** The checkout's custom form values, shown as 'Order details' when there are any. */
  details: { label: string; value: string }[];
  lines: { sku: string; name: string; qty: number; unitPrice: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  shipping: number;
  surcharge: number;
  tax: number;
  total: number;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const LINE = 14;
/** Left edges of the line table's columns; amounts are right-aligned to the next edge. */
const COLUMNS = { sku: MARGIN, name: 140, qty: 360, unitPrice: 430, lineTotal: 510 } as const;
const RIGHT = A4[0] - MARGIN;

/**
 * The standard fonts encode WinAnsi only; a character outside it (a name in another script) is drawn as '?'
 * rather than failing the order.
 */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => (known.has(char.codePointAt(0) ?? 0) ? char : '?'))
    .join('');
}

/** Cuts text to fit a width, marking the cut. */
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** Text broken into lines of whole words that fit a width (a word longer than the width is cut by fitted). */
export function wrapped(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of drawable(font, text).split(' ').filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  return current ? [...lines, current] : lines;
}

export function formatAmount(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}

/** The order as a PDF: header, addresses, PO and terms, the lines (over as many pages as they take), totals. */
export async function renderOrderPdf(order: OrderDocument): Promise<Uint8Array> {
  // pdf-lib is loaded on the first document: a server that renders none keeps its 3.6 MB (docs/decisions/0047).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const title = order.title ?? `Order ${order.orderNumber}`;
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setSubject(`${title} of ${order.company}, ${order.date}`);
  pdf.setCreator(order.company);
  pdf.setProducer(order.company);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  const text = (
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; width?: number } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const shown = fitted(font, drawable(font, value), size, options.width ?? RIGHT - x);
    page.drawText(shown, { x, y, size, font });
  };
  const rightAligned = (value: string, right: number, font: PDFFont = regular) => {
    const shown = drawable(font, value);
    page.drawText(shown, { x: right - font.widthOfTextAtSize(shown, 10), y, size: 10, font });
  };
  const newLine = (gap = LINE) => {
    y -= gap;
    if (y < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const money = (amount: number) => formatAmount(amount, order.currency);

  text(order.company, MARGIN, { font: bold, size: 18 });
  newLine(26);
  text(title, MARGIN, { font: bold, size: 14 });
  newLine(18);
  text(`Date: ${order.date}`, MARGIN);
  for (const fact of order.facts ?? []) {
    newLine();
    text(`${fact.label}: ${fact.value}`, MARGIN);
  }
  newLine(24);

  const half = (A4[0] - 2 * MARGIN) / 2;
  text('Bill to', MARGIN, { font: bold, width: half });
  text('Ship to', MARGIN + half, { font: bold, width: half });
  for (let row = 0; row < Math.max(order.billTo.length, order.shipTo.length); row += 1) {
    newLine();
    text(order.billTo[row] ?? '', MARGIN, { width: half - 8 });
    text(order.shipTo[row] ?? '', MARGIN + half, { width: half - 8 });
  }
  newLine(24);
  text(`PO number: ${order.poNumber ?? '-'}`, MARGIN);
  newLine();
  text(`Payment terms: ${order.paymentTerms}`, MARGIN);
  newLine(24);
  if (order.details.length > 0) {
    text('Order details', MARGIN, { font: bold });
    const labelWidth = 160;
    for (const detail of order.details) {
      newLine();
      text(detail.label, MARGIN, { width: labelWidth - 8 });
      const valueWidth = RIGHT - MARGIN - labelWidth;
      wrapped(regular, detail.value, 10, valueWidth).forEach((line, index) => {
        if (index > 0) newLine();
        text(line, MARGIN + labelWidth, { width: valueWidth });
      });
    }
    newLine(24);
  }

  text('SKU', COLUMNS.sku, { font: bold });
  text('Item', COLUMNS.name, { font: bold });
  rightAligned('Qty', COLUMNS.unitPrice - 12, bold);
  rightAligned('Unit price', COLUMNS.lineTotal - 8, bold);
  rightAligned('Line total', RIGHT, bold);
  for (const line of order.lines) {
    newLine();
    text(line.sku, COLUMNS.sku, { width: COLUMNS.name - COLUMNS.sku - 8 });
    text(line.name, COLUMNS.name, { width: COLUMNS.qty - COLUMNS.name - 8 });
    rightAligned(String(line.qty), COLUMNS.unitPrice - 12);
    rightAligned(money(line.unitPrice), COLUMNS.lineTotal - 8);
    rightAligned(money(line.lineTotal), RIGHT);
  }
  newLine(24);
  const totals: [string, number][] = [
    ['Subtotal', order.subtotal],
    ['Discount', -order.discount],
    ['Shipping', order.shipping],
    ['Surcharge', order.surcharge],
    ['Tax', order.tax],
  ];
  for (const [label, amount] of totals) {
    text(label, COLUMNS.unitPrice);
    rightAligned(money(amount), RIGHT);
    newLine();
  }
  text('Total', COLUMNS.unitPrice, { font: bold });
  rightAligned(money(order.total), RIGHT, bold);
  const settlement = order.settlement ?? [];
  settlement.forEach(({ label, amount }, index) => {
    newLine();
    const font = index === settlement.length - 1 ? bold : regular;
    text(label, COLUMNS.name, { font, width: RIGHT - COLUMNS.name - 100 });
    rightAligned(money(amount), RIGHT, font);
  });
  return pdf.save();
}
