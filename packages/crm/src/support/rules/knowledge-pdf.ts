import { wrapped } from '../../orders';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;

/** What a printable procedure shows: the article it belongs to and its numbered steps. */
export interface ProcedureDocument {
  number: string;
  title: string;
  cause: string;
  steps: readonly string[];
}

/**
 * An article's resolution as a printable procedure, the file a field engineer or a lab takes to the bench:
 * the article's number and title, the cause, the steps numbered, on as many A4 pages as they take.
 */
export async function renderProcedurePdf(procedure: ProcedureDocument): Promise<Uint8Array> {
  // pdf-lib is loaded on the first document: a server that renders none keeps its 3.6 MB (docs/decisions/0047).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${procedure.number} ${procedure.title}`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (text: string, size: number, font = regular, indent = 0) => {
    for (const line of wrapped(font, text, size, WIDTH - indent)) {
      if (y < MARGIN + size) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(line, { x: MARGIN + indent, y, size, font });
      y -= size * 1.4;
    }
  };
  write(`Procedure ${procedure.number}`, 10);
  write(procedure.title, 16, bold);
  y -= 8;
  write('Cause', 12, bold);
  write(procedure.cause, 11);
  y -= 8;
  write('Steps', 12, bold);
  procedure.steps.forEach((step, index) => {
    write(`${index + 1}. ${step}`, 11, regular, 12);
    y -= 4;
  });
  return pdf.save();
}

export const procedureFileName = (articleNumber: string) => `${articleNumber}-procedure.pdf`;
