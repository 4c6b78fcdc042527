/** The form fields of the configurator's parts form, shared by the page and its action. */
export const QTY_FIELD_PREFIX = 'qty.';

/** The field holding the quantity to add of a part (by the number the parts list shows). */
export const qtyFieldName = (partNumber: string) => `${QTY_FIELD_PREFIX}${partNumber}`;

/** The path of the configurator for one instrument of the account. */
export const configuratorPath = (
  base: '/configurator' | '/configurator/manageComponents',
  instrumentId: string,
) => `${base}?${new URLSearchParams({ instrument: instrumentId })}`;
