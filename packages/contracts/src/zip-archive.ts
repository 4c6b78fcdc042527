import { promisify } from 'node:util';
import { crc32, deflateRaw, inflateRaw, inflateRawSync } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);
const deflateRawAsync = promisify(deflateRaw);

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
    const entries = new Map<string, Buffer>();
    const budget = inflationBudget(limits);
    for (const entry of locateEntries(zip, limits, wanted)) {
      entries.set(entry.name, budget.took(entry, inflateSync(entry, budget.left())));
    }
    return { ok: true, entries };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  }
}

/**
 * readZip with each entry inflated on the thread pool: a large workbook (a catalogue of thousands of products)
 * inflates for longer than the event loop may be held, and in the meantime other requests go on.
 */
export async function readZipAsync(
  zip: Buffer,
  limits: ZipLimits,
  wanted: (name: string) => boolean = () => true,
): Promise<ZipRead> {
  try {
    const entries = new Map<string, Buffer>();
    const budget = inflationBudget(limits);
    for (const entry of locateEntries(zip, limits, wanted)) {
      entries.set(entry.name, budget.took(entry, await inflateAsync(entry, budget.left())));
    }
    return { ok: true, entries };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  }
}

// Reading past the end of a truncated or forged archive throws a RangeError: unreadable too.
const refusalOf = (error: unknown): ZipRefusal => (error instanceof Refused ? error.refusal : 'unreadable');

/** An entry found through the central directory, its data not yet inflated. */
interface LocatedEntry {
  name: string;
  method: number;
  /** What the directory declares it inflates to. */
  size: number;
  data: Buffer;
}

/** What may still be inflated; what the directory declares is checked before anything is inflated. */
function inflationBudget(limits: ZipLimits) {
  let inflated = 0;
  return {
    left: () => limits.maxInflatedBytes - inflated,
    took(entry: LocatedEntry, data: Buffer): Buffer {
      if (data.length !== entry.size) throw new Refused('unreadable');
      inflated += entry.size;
      return data;
    },
  };
}

function locateEntries(zip: Buffer, limits: ZipLimits, wanted: (name: string) => boolean): LocatedEntry[] {
  const end = findEndOfCentralDirectory(zip);
  if (end < 0) throw new Refused('unreadable');
  const entries = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  const onOneDisk = zip.readUInt16LE(end + 4) === 0 && zip.readUInt16LE(end + 8) === entries;
  if (!onOneDisk || entries === ZIP64_COUNT || directoryOffset === ZIP64_SIZE)
    throw new Refused('unreadable');
  if (entries > limits.maxEntries) throw new Refused('too-many-entries');

  const located: LocatedEntry[] = [];
  const names = new Set<string>();
  let declared = 0;
  let at = directoryOffset;
  for (let index = 0; index < entries; index++) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER) throw new Refused('unreadable');
    const nameLength = zip.readUInt16LE(at + 28);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    const name = nameBytes.toString('utf8');
    if (wanted(name)) {
      if (names.has(name)) throw new Refused('unreadable');
      names.add(name);
      const size = zip.readUInt32LE(at + 24);
      // What the directory declares is checked before anything is inflated; the inflation itself is capped.
      if (size > limits.maxInflatedBytes - declared) throw new Refused('too-large');
      declared += size;
      located.push({ name, size, ...entryData(zip, at, nameBytes) });
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return located;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes and may be followed by a comment of up to 65,535 bytes.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

/** The entry's method and stored bytes, from where its local header says they start. */
function entryData(zip: Buffer, header: number, nameBytes: Buffer): { method: number; data: Buffer } {
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
  return { method, data: zip.subarray(start, start + compressedSize) };
}

/** The entry inflated to at most `cap` bytes. */
function inflateSync(entry: LocatedEntry, cap: number): Buffer {
  if (entry.method === STORED) return entry.data;
  try {
    return inflateRawSync(entry.data, { maxOutputLength: Math.max(1, cap) });
  } catch (error) {
    throw inflationRefused(error);
  }
}

async function inflateAsync(entry: LocatedEntry, cap: number): Promise<Buffer> {
  if (entry.method === STORED) return entry.data;
  try {
    return await inflateRawAsync(entry.data, { maxOutputLength: Math.max(1, cap) });
  } catch (error) {
    throw inflationRefused(error);
  }
}

function inflationRefused(error: unknown): Refused {
  const code = (error as { code?: unknown }).code;
  return new Refused(code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'unreadable');
}

/** Bytes of an entry checksummed between two turns of the event loop when a ZIP archive is written. */
const CHECKSUM_CHUNK = 4 * 1024 * 1024;

/**
 * A ZIP archive of the entries, each deflated on the thread pool (as Office writes them): a workbook, for one.
 * Archives this small need no ZIP64: entries and the whole archive stay under 4 GB.
 */
export async function writeZip(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const deflated = await deflateRawAsync(data);
    const checksum = await crc32InTurns(data);
    const nameBytes = Buffer.from(name, 'utf8');
    // The fields a local header and a central directory header share: version, flags, method, time, date, crc, sizes.
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(0x0800, 2); // names are UTF-8
    common.writeUInt16LE(DEFLATED, 4);
    common.writeUInt16LE(0x21, 8); // 1980-01-01: no clock in the archive, so the same entries give the same bytes
    common.writeUInt32LE(checksum, 10);
    common.writeUInt32LE(deflated.length, 14);
    common.writeUInt32LE(data.length, 18);
    common.writeUInt16LE(nameBytes.length, 22);
    const local = Buffer.concat([u32(LOCAL_FILE_HEADER), common]);
    // Then: comment length, disk, internal and external attributes, and where the local header is.
    const central = Buffer.concat([u32(CENTRAL_DIRECTORY_HEADER), u16(20), common, Buffer.alloc(14)]);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, deflated);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + deflated.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

async function crc32InTurns(data: Buffer): Promise<number> {
  let checksum = 0;
  for (let at = 0; at < data.length; at += CHECKSUM_CHUNK) {
    checksum = crc32(data.subarray(at, at + CHECKSUM_CHUNK), checksum);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return checksum;
}

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
