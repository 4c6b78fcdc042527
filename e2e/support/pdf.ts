import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, read from its content streams (inflated where compressed): the strings of its
 * text operators, literal '(…) Tj' and hex '<…> Tj', one per line.
 */
export function pdfText(bytes: Buffer): string {
  const file = bytes.toString('latin1');
  const texts: string[] = [];
  for (const [, data = ''] of file.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(data, 'latin1');
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const [, hex, literal] of content.matchAll(/(?:<([0-9A-Fa-f]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g))
      texts.push(hex !== undefined ? Buffer.from(hex, 'hex').toString('latin1') : (literal ?? ''));
  }
  return texts.join('\n');
}
