import type { Logger } from '../../src/logger';

export interface CapturedLog {
  logger: Logger;
  /** Everything logged so far, as one text to search. */
  text(): string;
  count(): number;
}

/** A logger that keeps every line, as a log collector would store it. */
export function captureLog(): CapturedLog {
  const lines: string[] = [];
  const keep = (level: string) => (o: object, m?: string) => {
    lines.push(JSON.stringify({ level, msg: m, ...o }));
  };
  return {
    logger: { info: keep('info'), warn: keep('warn'), error: keep('error') },
    text: () => lines.join('\n'),
    count: () => lines.length,
  };
}
