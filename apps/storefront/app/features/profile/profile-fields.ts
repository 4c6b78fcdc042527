import { DEFAULT_LOCALE } from '@storefront/contracts/constants';

/** Texts of the profile where the specification has none. */
export const PROFILE_MESSAGES = {
  emailInvalid: 'Enter an email address such as name@example.com',
  unstorable: (label: string) => `${label} contains a character that cannot be saved`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters`,
  detailsSaved: 'Your details have been saved.',
  codeSent: (destination: string) => `We sent a code to ${destination}. Enter it here to verify the address.`,
  emailVerified: 'Your email address is verified.',
  totpSetUp: 'Your authenticator app is set up.',
  totpRemoved: 'Your authenticator app has been removed.',
  preferenceSaved: 'Your sign-in preference has been saved.',
  deviceRemembered: 'This device is remembered: signing in here will not ask for a code.',
  deviceRenamed: 'The device has been renamed.',
  deviceForgotten: 'The device has been forgotten.',
} as const;

/** The locales a user can choose for the custom:local attribute, shown as language tags. */
export const PROFILE_LOCALES = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'sv-SE',
  'nb-NO',
  'da-DK',
  'fi-FI',
  'pl-PL',
  'pt-BR',
  'ja-JP',
  'zh-CN',
] as const;

/** custom:local holds 'de_DE'; people read 'de-DE' (spec P§3, P§5). */
export function shownLocale(attribute: string | undefined): string {
  return attribute ? attribute.replaceAll('_', '-') : DEFAULT_LOCALE;
}

export function localeAttribute(tag: string): string {
  return tag.replaceAll('-', '_');
}

/** The locale choices with names people read, keeping a user's current locale when it is not one of ours. */
export function localeOptions(current: string): { value: string; label: string }[] {
  const tags: string[] = PROFILE_LOCALES.includes(current as (typeof PROFILE_LOCALES)[number])
    ? [...PROFILE_LOCALES]
    : [current, ...PROFILE_LOCALES];
  return tags.map((tag) => ({ value: tag, label: `${localeName(tag)} (${tag})` }));
}

function localeName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The attributes a profile form may write: never sub, nor any '_verified' flag, which only the identity
 * service sets (spec P§5); the service refuses them too, this keeps a form from ever asking.
 */
export function attributeUpdates(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => name !== 'sub' && !name.includes('_verified')),
  );
}

/** A high surrogate without its low half, or a low one without its high half (code units: no u flag). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text no stored attribute can hold: a NUL, or half of a surrogate pair. */
export function unstorable(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/** Cognito's limit for a string attribute. */
export const MAX_ATTRIBUTE_LENGTH = 2048;

/** The message for a text field that cannot be stored as typed, if any. */
export function textProblem(label: string, value: string, max = MAX_ATTRIBUTE_LENGTH): string | undefined {
  if (unstorable(value)) return PROFILE_MESSAGES.unstorable(label);
  if (value.length > max) return PROFILE_MESSAGES.tooLong(label, max);
  return undefined;
}

/** A plausible email address: one @, something either side, a dot in the domain, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
