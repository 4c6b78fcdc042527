import { CONFIGURATION_MODES, type ConfigurationMode, type ProductDocument } from '@storefront/contracts';
import type { ColdChain } from '../../shipping';

/**
 * Each column's cell read into its value and written back the same way (format.ts names the columns): what an
 * export writes, an import reads to the same value, so an export imported again changes nothing.
 */

/** A cell that does not hold what its column takes; the message says what it should hold. */
export class CellError extends Error {}

export interface Tier {
  from: number;
  /** Inclusive; null: and more. */
  to: number | null;
  price: number;
}

export interface Stock {
  warehouse: string;
  quantity: number;
  leadTimeDays: number;
}

export type NamedValue = { name: string; value: string };

const MAX_MONEY = 9_999_999_999.99;
const MAX_QUANTITY = 1_000_000_000;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * A number of at most so many decimals, `what` saying what one looks like; a spreadsheet's binary noise
 * (19.989999999999998) is read as 19.99.
 */
function readDecimal(text: string, what: string, decimals: number, max: number): number {
  const trimmed = text.trim();
  if (/^-\d/.test(trimmed)) throw new CellError(`${shorten(trimmed)} is negative; it must be ${what}`);
  if (!DECIMAL.test(trimmed)) throw new CellError(`'${shorten(trimmed)}' is not ${what}`);
  const value = Number(trimmed);
  const scale = 10 ** decimals;
  const rounded = Math.round(value * scale) / scale;
  if (Math.abs(value - rounded) > 1e-6) throw new CellError(`${trimmed} has more than ${decimals} decimals`);
  if (rounded > max) throw new CellError(`${trimmed} is more than ${max}`);
  return rounded;
}

/** A price of at most two decimals. */
export const readMoney = (text: string): number => readDecimal(text, 'a price such as 120.00', 2, MAX_MONEY);

export const writeMoney = (value: number): string => value.toFixed(2);

function readQuantity(text: string, what: string): number {
  if (!/^\d+$/.test(text)) throw new CellError(`${what} '${shorten(text)}' is not a whole number`);
  const value = Number(text);
  if (value > MAX_QUANTITY) throw new CellError(`${what} ${text} is more than ${MAX_QUANTITY}`);
  return value;
}

const TIER = /^(\d+)\s*(?:-\s*(\d+)|(\+))?\s*:\s*(\S+)$/;
const tierName = (tier: Tier) => (tier.to === null ? `${tier.from}+` : `${tier.from}-${tier.to}`);

/** `1-9:120.00;10+:108.00`: ranges that never overlap, only the last open-ended. */
export function readTiers(text: string): Tier[] {
  const tiers = parts(text).map((part) => {
    const match = TIER.exec(part);
    if (!match) throw new CellError(`tier '${shorten(part)}' is not from-to:price or from+:price`);
    const [, from = '', to, open, price = ''] = match;
    const tier = {
      from: readQuantity(from, 'tier start'),
      to: open ? null : to === undefined ? readQuantity(from, 'tier start') : readQuantity(to, 'tier end'),
      price: readMoney(price),
    };
    if (tier.from < 1) throw new CellError(`tier ${tierName(tier)} must start at 1 or more`);
    if (tier.to !== null && tier.to < tier.from)
      throw new CellError(`tier ${from}-${to} ends before it starts`);
    return tier;
  });
  tiers.sort((a, b) => a.from - b.from);
  tiers.forEach((tier, index) => {
    const next = tiers[index + 1];
    if (next && (tier.to === null || tier.to >= next.from))
      throw new CellError(`tier ${tierName(next)} overlaps tier ${tierName(tier)}`);
  });
  return tiers;
}

export const writeTiers = (tiers: readonly Tier[]): string =>
  [...tiers]
    .sort((a, b) => a.from - b.from)
    .map((tier) => `${tierName(tier)}:${writeMoney(tier.price)}`)
    .join(';');

const STOCK = /^(.+?)\s*:\s*(\d+)\s*:\s*(\d+)$/;

/** `BOS:120:2;LEI:0:14`: each warehouse once, with its quantity and lead time in days. */
export function readStock(text: string): Stock[] {
  const seen = new Set<string>();
  return parts(text).map((part) => {
    const match = STOCK.exec(part);
    if (!match) throw new CellError(`stock '${shorten(part)}' is not warehouse:quantity:lead days`);
    const [, warehouse = '', quantity = '', lead = ''] = match;
    if (warehouse.length > 32) throw new CellError(`warehouse '${shorten(warehouse)}' is longer than 32`);
    if (seen.has(warehouse)) throw new CellError(`warehouse ${warehouse} is named twice`);
    seen.add(warehouse);
    return {
      warehouse,
      quantity: readQuantity(quantity, `${warehouse} quantity`),
      leadTimeDays: readQuantity(lead, `${warehouse} lead time`),
    };
  });
}

export const writeStock = (stock: readonly Stock[]): string =>
  [...stock]
    .sort((a, b) => (a.warehouse < b.warehouse ? -1 : a.warehouse > b.warehouse ? 1 : 0))
    .map((entry) => `${entry.warehouse}:${entry.quantity}:${entry.leadTimeDays}`)
    .join(';');

/** The non-empty lines of a cell, trimmed: a list of values (images, hazards, accounts). */
export function readLines(text: string, max: number, maxChars: number): string[] {
  const lines = text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length > max) throw new CellError(`holds ${lines.length} lines; at most ${max}`);
  const long = lines.find((line) => line.length > maxChars);
  if (long) throw new CellError(`line '${shorten(long)}' is longer than ${maxChars} characters`);
  return lines;
}

export const writeLines = (lines: readonly string[]): string => lines.join('\n');

/** Lines `Name: value`: the name is what comes before the first colon. */
export function readNamedValues(text: string, max: number): NamedValue[] {
  return readLines(text, max, 1000).map((line) => {
    const colon = line.indexOf(':');
    const name = colon < 0 ? '' : line.slice(0, colon).trim();
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    if (!name || !value) throw new CellError(`line '${shorten(line)}' is not 'Name: value'`);
    return { name, value };
  });
}

export const writeNamedValues = (pairs: readonly NamedValue[]): string =>
  pairs.map(({ name, value }) => `${name}: ${value}`).join('\n');

/** Filter values by field: each field once. */
export function readAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const { name, value } of readNamedValues(text, 50)) {
    if (name in attributes) throw new CellError(`attribute ${name} is given twice`);
    attributes[name] = value;
  }
  return attributes;
}

/** In name order: the database keeps an object's keys in an order of its own. */
export const writeAttributes = (attributes: Record<string, string>): string =>
  writeNamedValues(
    Object.entries(attributes)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => ({ name, value })),
  );

const ADDRESS = /^(?:https?:\/\/[^\s/]+\/?|\/)\S*$/;

/** An image or document address: https://… or a path of the storefront's own. */
export function readAddress(text: string): string {
  if (!ADDRESS.test(text) || text.length > 2000)
    throw new CellError(`'${shorten(text)}' is not an address (https://… or /path)`);
  return text;
}

export function readDocuments(text: string): ProductDocument[] {
  return readNamedValues(text, 20).map(({ name, value }) => ({ title: name, url: readAddress(value) }));
}

export const writeDocuments = (documents: readonly ProductDocument[]): string =>
  writeNamedValues(documents.map(({ title, url }) => ({ name: title, value: url })));

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

export function readYesNo(text: string): boolean {
  const word = text.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  throw new CellError(`'${shorten(text)}' is not yes or no`);
}

export const writeYesNo = (value: boolean): string => (value ? 'yes' : 'no');

export function readConfiguration(text: string): ConfigurationMode | null {
  const word = text.trim();
  if (word === '') return null;
  const mode = CONFIGURATION_MODES.find((candidate) => candidate.toLowerCase() === word.toLowerCase());
  if (!mode) throw new CellError(`'${shorten(word)}' is not one of ${CONFIGURATION_MODES.join(', ')}`);
  return mode;
}

/** `Parent > Child`: the names of a category and the ones above it, top first. */
export function readCategoryPath(text: string): string[] {
  const names = text.split('>').map((name) => name.trim());
  if (names.some((name) => name === '')) throw new CellError(`'${shorten(text)}' has an empty category name`);
  if (names.length > 5) throw new CellError('a category path has at most 5 levels');
  const long = names.find((name) => name.length > 100);
  if (long) throw new CellError(`category '${shorten(long)}' is longer than 100 characters`);
  return names;
}

export const writeCategoryPath = (names: readonly string[]): string => names.join(' > ');

/** A product's packed box, in cm. */
export interface Size {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/** The bounds of the shipping profile's columns (numeric(8, 3) kg, numeric(6, 1) cm). */
const MAX_WEIGHT_KG = 99_999.999;
const MAX_SIZE_CM = 99_999.9;

/** One unit as packed, in kg, to the gram. */
export const readWeight = (text: string): number =>
  readDecimal(text, 'a weight in kg such as 0.25', 3, MAX_WEIGHT_KG);

/** A weight or a length as the database holds it: no trailing zeros (0.5, 140). */
export const writeDecimal = (value: number): string => String(value);

const SIZE_SEPARATOR = /\s*[x×*]\s*/i;

/** `30 x 20 x 15`: the box's length, width and height in cm, to the millimetre. */
export function readSize(text: string): Size {
  const sides = text.trim().split(SIZE_SEPARATOR);
  if (sides.length !== 3)
    throw new CellError(
      `'${shorten(text.trim())}' is not length x width x height in cm, such as 30 x 20 x 15`,
    );
  const [lengthCm = 0, widthCm = 0, heightCm = 0] = sides.map((side) =>
    readDecimal(side, 'a length in cm such as 30', 1, MAX_SIZE_CM),
  );
  return { lengthCm, widthCm, heightCm };
}

export const writeSize = (size: Size): string =>
  [size.lengthCm, size.widthCm, size.heightCm].map(writeDecimal).join(' x ');

/** How the file writes each cold chain: the words of a product master rather than the database's names. */
const COLD_CHAIN_WORDS: Record<ColdChain, string> = {
  none: 'ambient',
  'cold-packs': 'cold packs',
  'dry-ice': 'dry ice',
};

/** `ambient`, `cold packs` or `dry ice`, in any letter case, with hyphens or underscores for the space. */
export function readColdChain(text: string): ColdChain {
  const words = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (words === 'none') return 'none';
  const found = (Object.entries(COLD_CHAIN_WORDS) as [ColdChain, string][]).find(
    ([, word]) => word === words,
  );
  if (!found)
    throw new CellError(`'${shorten(text.trim())}' is not ${Object.values(COLD_CHAIN_WORDS).join(', ')}`);
  return found[0];
}

export const writeColdChain = (chain: ColdChain): string => COLD_CHAIN_WORDS[chain];

/** The UN Model Regulations' dangerous-goods classes and divisions (explosives, gases, ... miscellaneous). */
const UN_CLASSES = new Set(
  '1.1 1.2 1.3 1.4 1.5 1.6 2.1 2.2 2.3 3 4.1 4.2 4.3 5.1 5.2 6.1 6.2 7 8 9'.split(' '),
);

/** A UN class such as `8` or `6.1` (`Class 8` too). */
export function readHazardClass(text: string): string {
  const value = text.trim().replace(/^class\s*/i, '');
  if (!UN_CLASSES.has(value))
    throw new CellError(`'${shorten(text.trim())}' is not a UN dangerous-goods class such as 3, 6.1 or 8`);
  return value;
}

/** The ';'-separated parts of a tiers or stock cell, trimmed, empty ones left out. */
const parts = (text: string) =>
  text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** A value quoted in a message, cut so a huge cell does not make a huge report. */
export const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}...` : text);
