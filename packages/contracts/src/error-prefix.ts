const LEADING_ERROR = /^(ERROR|Error): /;

/**
 * A message as a person reads it (spec P§8: a leading 'ERROR: ' or 'Error: ' is removed). Apart from
 * crm-errors, so the toasts every page carries in the browser do not bring the error catalogue with them.
 */
export function withoutErrorPrefix(message: string): string {
  return message.replace(LEADING_ERROR, '');
}
