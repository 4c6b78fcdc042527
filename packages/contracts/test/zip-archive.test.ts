import { describe, expect, it } from 'vitest';
import { zip } from '../../crm/test/fixtures/files';
import { readZip, readZipAsync, writeZip } from '../src/zip-archive';

const LIMITS = { maxEntries: 10, maxInflatedBytes: 1024 * 1024 };

/** The archive with a field of the first central directory header overwritten. */
function withDirectoryField(archive: Buffer, offset: number, value: number): Buffer {
  const copy = Buffer.from(archive);
  const directory = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  copy.writeUInt32LE(value, directory + offset);
  return copy;
}

describe('reading an uploaded ZIP archive within bounds', () => {
  it('reads the entries asked for, inflated', () => {
    const read = readZip(zip({ 'a.xml': '<a/>', 'b.txt': 'bee' }), LIMITS, (name) => name.endsWith('.xml'));
    expect(
      read.ok && Object.fromEntries([...read.entries].map(([name, data]) => [name, String(data)])),
    ).toEqual({ 'a.xml': '<a/>' });
  });

  it('refuses more entries than allowed before inflating any', () => {
    const entries = Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`${index}.xml`, '<a/>']));
    expect(readZip(zip(entries), LIMITS)).toEqual({ ok: false, refusal: 'too-many-entries' });
  });

  it('refuses an entry that inflates past the cap, whether its declared size says so or not', async () => {
    const bomb = zip({ 'big.xml': 'A'.repeat(64 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const started = performance.now();
    expect(readZip(bomb, LIMITS)).toEqual({ ok: false, refusal: 'too-large' });
    // The directory claims 100 bytes: the inflation stops at the cap all the same.
    expect(readZip(withDirectoryField(bomb, 24, 100), LIMITS)).toEqual({ ok: false, refusal: 'too-large' });
    expect(performance.now() - started).toBeLessThan(200);
    // Entries under the cap each, over it together.
    const half = 'B'.repeat(600 * 1024);
    expect(readZip(zip({ 'one.xml': half, 'two.xml': half }), LIMITS)).toEqual({
      ok: false,
      refusal: 'too-large',
    });
  });

  it('refuses what another reader could read otherwise: a wrong declared size, a local header naming another entry, a truncated archive', () => {
    const archive = zip({ 'a.xml': '<a>some text</a>' });
    expect(readZip(withDirectoryField(archive, 24, 3), LIMITS)).toEqual({ ok: false, refusal: 'unreadable' });
    const renamed = Buffer.from(archive);
    renamed.write('b', 30);
    expect(readZip(renamed, LIMITS)).toEqual({ ok: false, refusal: 'unreadable' });
    expect(readZip(archive.subarray(0, archive.length - 30), LIMITS)).toEqual({
      ok: false,
      refusal: 'unreadable',
    });
    expect(readZip(Buffer.from('not a zip archive at all'), LIMITS)).toEqual({
      ok: false,
      refusal: 'unreadable',
    });
  });

  it('reads the same on the thread pool: entries inflated, a bomb stopped at the cap', async () => {
    const read = await readZipAsync(zip({ 'a.xml': '<a/>', 'b.txt': 'bee' }), LIMITS);
    expect(read.ok && [...read.entries.keys()]).toEqual(['a.xml', 'b.txt']);
    const bomb = zip({ 'big.xml': 'A'.repeat(64 * 1024 * 1024) });
    expect(await readZipAsync(withDirectoryField(bomb, 24, 100), LIMITS)).toEqual({
      ok: false,
      refusal: 'too-large',
    });
  });

  it('writes an archive it reads back, the same bytes for the same entries', async () => {
    const entries = { 'xl/workbook.xml': '<workbook/>', 'data.bin': Buffer.from([0, 1, 2, 255]) };
    const written = await writeZip(entries);
    const read = readZip(written, LIMITS);
    expect(read.ok && Object.fromEntries([...read.entries].map(([name, data]) => [name, [...data]]))).toEqual(
      {
        'xl/workbook.xml': [...Buffer.from('<workbook/>')],
        'data.bin': [0, 1, 2, 255],
      },
    );
    expect((await writeZip(entries)).equals(written)).toBe(true);
  });
});
