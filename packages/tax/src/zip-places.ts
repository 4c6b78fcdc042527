import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A US ZIP code's place, from the `zipcodes` data set. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/**
 * The 42,000 US ZIP codes, held compactly: one string of tab-separated records in the data set's order (by
 * state), the record offsets, and the ZIP codes sorted with their record numbers for lookups. Loading the data
 * set's own module instead costs 9 MB of heap for its objects and an 80 MB jump in memory while its 5 MB
 * source is compiled (docs/decisions/0047); this is under 2 MB, built on the first lookup.
 */
interface ZipTable {
  records: string;
  offsets: Int32Array;
  sortedZips: Int32Array;
  recordOfSorted: Int32Array;
}

let table: ZipTable | undefined;
let canadianAreas: Map<string, Coordinates> | undefined;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The place of a five-digit US ZIP code, or undefined when the data set does not know it. */
export function placeOfZip(zip: string): ZipPlace | undefined {
  const { sortedZips, recordOfSorted } = zipTable();
  const wanted = Number(zip);
  let low = 0;
  let high = sortedZips.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sortedZips[middle] as number;
    if (value === wanted) return record(recordOfSorted[middle] as number);
    if (value < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** The first ZIP code of a city (any case) in a state, in the data set's order. */
export function firstPlaceOfCity(city: string, state: string): ZipPlace | undefined {
  const { records, offsets } = zipTable();
  const name = literal(city.trim());
  const code = literal(state.trim());
  if (!name || !code || /[\t\n]/.test(name + code)) return undefined;
  const found = new RegExp(`(?:^|\\n)\\d{5}\\t${name}\\t${code}\\t`, 'i').exec(records);
  if (!found) return undefined;
  const start = found[0].startsWith('\n') ? found.index + 1 : found.index;
  return record(offsets.indexOf(start));
}

/** Where a Canadian forward sortation area (a postal code's first three characters) lies, when known. */
export function coordinatesOfArea(area: string): Coordinates | undefined {
  canadianAreas ??= new Map(
    Object.entries(exported<Record<string, DataSetPlace>>(dataSet('codesCanada'), 'codes')).map(
      ([code, { latitude, longitude }]) => [code, { latitude, longitude }],
    ),
  );
  return canadianAreas.get(area.toUpperCase());
}

/** Text matched as written inside a regular expression. */
const literal = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

function record(index: number): ZipPlace {
  const { records, offsets } = zipTable();
  const [zip = '', city = '', state = '', latitude = '', longitude = ''] = records
    .slice(offsets[index], (offsets[index + 1] as number) - 1)
    .split('\t');
  return { zip, city, state, latitude: Number(latitude), longitude: Number(longitude) };
}

interface DataSetPlace extends Coordinates {
  city: string;
  state: string;
}

function zipTable(): ZipTable {
  table ??= buildTable();
  return table;
}

/**
 * Each of the data set's modules is `exports.codes = {…};` and `exports.stateMap = {…};`, each value plain JSON: read as
 * JSON it builds no code, only objects that are dropped once the table is made.
 */
function buildTable(): ZipTable {
  const source = dataSet('codes');
  const codes = exported<Record<string, DataSetPlace>>(source, 'codes');
  const stateMap = exported<Record<string, string[]>>(source, 'stateMap');
  const zips = Object.values(stateMap)
    .flat()
    .filter((zip) => /^\d{5}$/.test(zip) && codes[zip]);
  const offsets = new Int32Array(zips.length + 1);
  const lines: string[] = [];
  let offset = 0;
  zips.forEach((zip, index) => {
    const place = codes[zip] as DataSetPlace;
    const line = `${zip}\t${place.city}\t${place.state}\t${place.latitude}\t${place.longitude}\n`;
    offsets[index] = offset;
    offset += line.length;
    lines.push(line);
  });
  offsets[zips.length] = offset;
  const order = zips.map((_, index) => index).sort((a, b) => Number(zips[a]) - Number(zips[b]));
  return {
    records: lines.join(''),
    offsets,
    sortedZips: Int32Array.from(order, (index) => Number(zips[index])),
    recordOfSorted: Int32Array.from(order),
  };
}

function dataSet(module: 'codes' | 'codesCanada'): string {
  return readFileSync(createRequire(import.meta.url).resolve(`zipcodes/lib/${module}.js`), 'utf8');
}

function exported<T>(source: string, name: string): T {
  const start = source.indexOf(`exports.${name} = `);
  if (start < 0) throw new Error(`The zipcodes data set has no '${name}': its module changed shape.`);
  const from = start + `exports.${name} = `.length;
  const end = source.indexOf(';\nexports.', from);
  return JSON.parse(source.slice(from, end < 0 ? source.lastIndexOf(';') : end)) as T;
}
