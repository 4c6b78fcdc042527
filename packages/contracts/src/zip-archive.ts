import { inflateRawSync } from 'node:zlib';

/**
 * Reading an uploaded ZIP archive (an Office document, a workbook) within hard bounds, before any parser sees
 * it. Server-only (node:zlib), so it is imported as `@storefront/contracts/zip-archive`, never through the
 * package index.
 *
 * Entries are found through the central directory, as the parsers we hand archives to find them. An archive
 * with more entries than allowed is refused before anything is inflated; every entry read is inflated with a
 * cap on its output, so a small file that would inflate to gigabytes stops at the cap within milliseconds.
 * What could make another reader see other bytes than these (ZIP64, a name given twice, a local header naming
 * another entry, data that does not inflate to the size the directory declares) is refused as unreadable.
 */

export interface ZipLimits {
  /** Entries in the whole archive, read or not. */
  maxEntries: number;
  /** Bytes of all the entries read, inflated, together. */
  maxInflatedBytes: number;
}

export type ZipRefusal = 'unreadable' | 'too-many-entries' | 'too-large';

export type ZipRead = { ok: true; entries: Map<string, Buffer> } | { ok: false; refusal: ZipRefusal };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** A 16-bit count or 32-bit size at its maximum means the real one is in a ZIP64 record. */
const ZIP64_COUNT = 0xffff;
const ZIP64_SIZE = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

class Refused extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(refusal);
  }
}

/** The entries `wanted` names (all by default), inflated, or why the archive is refused. */
export function readZip(
  zip: Buffer,
  limits: ZipLimits,
  wanted: (name: string) => boolean = () => true,
): ZipRead {
  try {
    return { ok: true, entries: readEntries(zip, limits, wanted) };
  } catch (error) {
    // Reading past the end of a truncated or forged archive throws a RangeError: unreadable too.
    return { ok: false, refusal: error instanceof Refused ? error.refusal : 'unreadable' };
  }
}

function readEntries(zip: Buffer, limits: ZipLimits, wanted: (name: string) => boolean): Map<string, Buffer> {
  const end = findEndOfCentralDirectory(zip);
  if (end < 0) throw new Refused('unreadable');
  const entries = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  const onOneDisk = zip.readUInt16LE(end + 4) === 0 && zip.readUInt16LE(end + 8) === entries;
  if (!onOneDisk || entries === ZIP64_COUNT || directoryOffset === ZIP64_SIZE)
    throw new Refused('unreadable');
  if (entries > limits.maxEntries) throw new Refused('too-many-entries');

  const read = new Map<string, Buffer>();
  let inflated = 0;
  let at = directoryOffset;
  for (let index = 0; index < entries; index++) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER) throw new Refused('unreadable');
    const nameLength = zip.readUInt16LE(at + 28);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    const name = nameBytes.toString('utf8');
    if (wanted(name)) {
      if (read.has(name)) throw new Refused('unreadable');
      const size = zip.readUInt32LE(at + 24);
      // What the directory declares is checked before anything is inflated; the inflation itself is capped.
      if (size > limits.maxInflatedBytes - inflated) throw new Refused('too-large');
      const data = entryData(zip, at, nameBytes, limits.maxInflatedBytes - inflated);
      if (data.length !== size) throw new Refused('unreadable');
      inflated += size;
      read.set(name, data);
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return read;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes and may be followed by a comment of up to 65,535 bytes.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

/** The entry's bytes, inflated to at most `cap` bytes, from where its local header says they start. */
function entryData(zip: Buffer, header: number, nameBytes: Buffer, cap: number): Buffer {
  const flags = zip.readUInt16LE(header + 8);
  const method = zip.readUInt16LE(header + 10);
  const compressedSize = zip.readUInt32LE(header + 20);
  const local = zip.readUInt32LE(header + 42);
  if (flags & ENCRYPTED_FLAG || (method !== STORED && method !== DEFLATED)) throw new Refused('unreadable');
  if (zip.readUInt32LE(local) !== LOCAL_FILE_HEADER) throw new Refused('unreadable');
  const localNameLength = zip.readUInt16LE(local + 26);
  const localName = zip.subarray(local + 30, local + 30 + localNameLength);
  if (!localName.equals(nameBytes)) throw new Refused('unreadable');
  const start = local + 30 + localNameLength + zip.readUInt16LE(local + 28);
  if (start + compressedSize > zip.length) throw new Refused('unreadable');
  const data = zip.subarray(start, start + compressedSize);
  if (method === STORED) return data;
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, cap) });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Refused(code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'unreadable');
  }
}
