import { randomInt } from 'node:crypto';

const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+'];

/** A random password that passes the default policy: 12 characters with every class, shuffled. */
export function temporaryPassword(): string {
  const all = CLASSES.join('');
  const chars = CLASSES.map((set) => set[randomInt(set.length)] ?? '');
  while (chars.length < 12) chars.push(all[randomInt(all.length)] ?? '');
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
