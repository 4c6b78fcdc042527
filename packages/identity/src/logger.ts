export interface Logger {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

/** Used when the composer gives none: warnings and errors to the console, nothing else. */
export const consoleLogger: Logger = {
  info: () => {},
  warn: (o, m) => console.warn(m, o),
  error: (o, m) => console.error(m, o),
};
