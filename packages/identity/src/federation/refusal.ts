/**
 * A provider's answer refused for a reason the user can act on: its message goes to the client as the
 * `error_description`, where other failures get a generic one (their details stay in the log).
 */
export class RefusedAnswer extends Error {
  override name = 'RefusedAnswer';
}
