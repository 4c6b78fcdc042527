import type { QuoteLine } from '@storefront/contracts/crm-quotes';

export interface CartRow {
  line: QuoteLine;
  /** The configured instrument an option line belongs to; null for other lines. */
  optionOf: string | null;
}

/**
 * The cart's lines in the order shown: each configured group together where its first line was, its
 * instrument first and its options after it; other lines as they are.
 */
export function cartRows(lines: readonly QuoteLine[]): CartRow[] {
  const groups = new Map<string, QuoteLine[]>();
  for (const line of lines) {
    if (line.configuredGroup) {
      groups.set(line.configuredGroup.id, [...(groups.get(line.configuredGroup.id) ?? []), line]);
    }
  }
  const shown = new Set<string>();
  return lines.flatMap((line): CartRow[] => {
    const group = line.configuredGroup;
    if (!group) return [{ line, optionOf: null }];
    if (shown.has(group.id)) return [];
    shown.add(group.id);
    const members = groups.get(group.id) ?? [];
    const instrument = members.find((member) => member.configuredGroup?.role === 'Instrument');
    const options = members.filter((member) => member !== instrument);
    return [
      ...(instrument ? [{ line: instrument, optionOf: null }] : []),
      ...options.map((option) => ({ line: option, optionOf: instrument?.name ?? null })),
    ];
  });
}
