import type { CatalogItemDetail, ProductLot } from '@storefront/contracts/catalogue';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { DOCUMENT_TITLES, type DocumentKind } from './documents';

/** A4 in points, with 56 pt margins. */
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BRAND = rgb(0.043, 0.361, 0.678);
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.36, 0.41, 0.47);
const RULE = rgb(0.82, 0.85, 0.88);

const NOT_HAZARDOUS = 'Not a hazardous substance or mixture according to Regulation (EC) No 1272/2008 (CLP).';
const RESEARCH_USE = 'For Research Use Only. Not for use in diagnostic procedures.';

/**
 * The standard fonts encode WinAnsi only: characters it lacks are spelled out (κ, −) or replaced, so any
 * product text can be written.
 */
const SPELLED: Record<string, string> = { κ: 'kappa', λ: 'lambda', '−': '-', '′': "'", '≥': '>=', '≤': '<=' };
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function winAnsi(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char))
        return char;
      return SPELLED[char] ?? '?';
    })
    .join('');
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Writes top to bottom, wrapping lines and starting a new page when one is full. */
class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly header: { brand: string; title: string },
  ) {
    this.page = this.newPage();
    this.y = PAGE[1] - 110;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage(PAGE);
    page.drawRectangle({ x: 0, y: PAGE[1] - 64, width: PAGE[0], height: 64, color: BRAND });
    page.drawText(winAnsi(this.header.brand), {
      x: MARGIN,
      y: PAGE[1] - 40,
      size: 15,
      font: this.fonts.bold,
      color: rgb(1, 1, 1),
    });
    const title = winAnsi(this.header.title);
    page.drawText(title, {
      x: PAGE[0] - MARGIN - this.fonts.regular.widthOfTextAtSize(title, 11),
      y: PAGE[1] - 38,
      size: 11,
      font: this.fonts.regular,
      color: rgb(1, 1, 1),
    });
    page.drawText(RESEARCH_USE, { x: MARGIN, y: 32, size: 8, font: this.fonts.regular, color: MUTED });
    return page;
  }

  private room(height: number): void {
    if (this.y - height >= 60) return;
    this.page = this.newPage();
    this.y = PAGE[1] - 100;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const word of winAnsi(text).split(/\s+/).filter(Boolean)) {
      const last = lines[lines.length - 1];
      if (last !== undefined && font.widthOfTextAtSize(`${last} ${word}`, size) <= width)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines;
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; colour?: ReturnType<typeof rgb>; after?: number } = {},
  ) {
    const { size = 10, bold = false, colour = INK, after = 4 } = options;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const line of this.wrap(text, font, size, PAGE[0] - 2 * MARGIN)) {
      this.room(size + 4);
      this.y -= size + 3;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: colour });
    }
    this.y -= after;
  }

  heading(text: string): void {
    this.room(40);
    this.y -= 12;
    this.text(text, { size: 12, bold: true, colour: BRAND, after: 2 });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 6;
  }

  /** Two columns: a name and its value, the value wrapping in its column. */
  rows(rows: readonly (readonly [string, string])[]): void {
    const nameWidth = 170;
    const valueWidth = PAGE[0] - 2 * MARGIN - nameWidth;
    for (const [name, value] of rows) {
      const lines = this.wrap(value, this.fonts.regular, 10, valueWidth);
      this.room(lines.length * 13 + 4);
      this.y -= 13;
      this.page.drawText(winAnsi(name), {
        x: MARGIN,
        y: this.y,
        size: 10,
        font: this.fonts.bold,
        color: INK,
      });
      lines.forEach((line, index) => {
        this.page.drawText(line, {
          x: MARGIN + nameWidth,
          y: this.y - index * 13,
          size: 10,
          font: this.fonts.regular,
          color: INK,
        });
      });
      this.y -= (lines.length - 1) * 13 + 4;
    }
  }
}

function specification(item: CatalogItemDetail, name: string): string | undefined {
  return item.specifications.find((row) => row.name === name)?.value;
}

const specRows = (item: CatalogItemDetail) =>
  item.specifications.map(({ name, value }) => [name, value] as const);

type Section = (write: Writer, item: CatalogItemDetail, lot: ProductLot | undefined, brand: string) => void;

const BODIES: Record<DocumentKind, Section> = {
  datasheet: (write, item) => {
    if (item.description) {
      write.heading('Description');
      write.text(item.description);
    }
    write.heading('Specifications');
    write.rows(specRows(item));
  },
  sds: (write, item, _lot, brand) => {
    write.heading('1. Identification');
    write.rows([
      ['Product name', item.name],
      ['Product number (SKU)', item.sku],
      ['Recommended use', 'Laboratory research'],
      ['Supplier', brand],
    ]);
    write.heading('2. Hazards identification');
    for (const hazard of item.hazards.length > 0 ? item.hazards : [NOT_HAZARDOUS]) write.text(hazard);
    write.heading('7. Handling and storage');
    write.rows([
      ['Storage', specification(item, 'Storage') ?? 'Keep in a dry, well-ventilated place.'],
      ['Handling', 'Follow good laboratory practice. Avoid contact with skin and eyes.'],
    ]);
    write.heading('8. Exposure controls and personal protection');
    write.text('Wear a laboratory coat, protective gloves and eye protection.');
    write.heading('13. Disposal');
    write.text('Dispose of contents and container in accordance with local and national regulations.');
  },
  coa: (write, item, lot) => {
    if (!lot) return;
    write.heading('Lot');
    write.rows([
      ['Lot number', lot.lotNumber],
      ['Date of manufacture', lot.manufacturedOn],
      ['Expiry date', lot.expiresOn],
    ]);
    write.heading('Specifications');
    write.rows(specRows(item));
    write.heading('Test results');
    write.rows([
      ['Appearance', 'Conforms'],
      ['Identity', 'Conforms'],
      ['Performance per datasheet', 'Pass'],
      ['Packaging and labelling', 'Conforms'],
    ]);
    write.text(`Released by Quality Assurance on ${lot.manufacturedOn}. This lot meets its specifications.`, {
      colour: MUTED,
    });
  },
};

/** A product's datasheet, safety data sheet or a lot's certificate of analysis, as a PDF. */
export async function renderProductDocument(
  item: CatalogItemDetail,
  kind: DocumentKind,
  options: { brand: string; lot?: ProductLot },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `${DOCUMENT_TITLES[kind]}${options.lot ? `, lot ${options.lot.lotNumber}` : ''}`;
  doc.setTitle(winAnsi(`${item.name}: ${title}`));
  doc.setSubject(winAnsi(`${item.sku} ${title}`));
  doc.setAuthor(winAnsi(options.brand));
  doc.setCreator(winAnsi(options.brand));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const write = new Writer(doc, fonts, { brand: options.brand, title });
  write.text(item.name, { size: 17, bold: true, after: 2 });
  write.text(`SKU ${item.sku}  ·  ${item.unit}`, { colour: MUTED, after: 6 });
  BODIES[kind](write, item, options.lot, options.brand);
  return doc.save();
}
