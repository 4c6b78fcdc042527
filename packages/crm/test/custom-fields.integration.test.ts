import type { Section } from '@storefront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The browser tests' reader of a PDF's text: the order PDF is checked the way a buyer's download is.
import { pdfText } from '../../../e2e/support/pdf';
import { quotes, templates } from '../src/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';

const TEMPLATE = 'tpl-test-custom-form';
const TEMPLATE_B = 'tpl-test-custom-form-b';

const ORDER_DETAILS = {
  heading: 'Order details',
  fields: [
    { name: 'Lab_Cost_Centre', label: 'Lab or cost centre', type: 'text', required: true, maxLength: 40 },
    { name: 'Grant_Number', label: 'Grant or project number', type: 'text' },
    { name: 'Requested_Delivery_Date', label: 'Requested delivery date', type: 'date' },
    { name: 'Sample_Count', label: 'Sample count', type: 'number' },
    { name: 'Billing_Email', label: 'Invoice email', type: 'email' },
    { name: 'Cold_Room', label: 'Cold room on site', type: 'checkbox' },
    {
      name: 'Receiving_Dock_Hours',
      label: 'Receiving dock hours',
      type: 'picklist',
      options: ['Weekdays 8–12', 'Weekdays 12–17'],
    },
    { name: 'Warehouse_Notes', label: 'Notes for the warehouse', type: 'textarea', maxLength: 500 },
  ],
};

const sections: Section[] = [
  {
    sectionId: 'checkout',
    sectionType: 'Content',
    sortOrder: 1,
    layout: { columns: 1, columnSize: '1', padding: {}, gap: 0 },
    styling: {},
    background: {},
    blocks: [
      {
        blockId: 'order-details',
        componentName: 'customForm',
        column: 0,
        configuration: { isCheckoutBlock: true },
        fields: ORDER_DETAILS,
        customJS: [],
        customCSS: [],
      },
    ],
  },
];

describe.each(await testEngines())('custom form values on $name', (engine) => {
  let crm: SeededCrm;

  const storefrontOf = (accountId: string) =>
    accountId === crm.ids.kestrel ? crm.ids.storefrontB : crm.ids.storefrontA;
  const scope = (accountId: string) => ({ storefrontId: storefrontOf(accountId), accountId });
  const templateOf = (accountId: string) => (accountId === crm.ids.kestrel ? TEMPLATE_B : TEMPLATE);

  async function newCart(accountId: string): Promise<string> {
    const catalogue = await crm.post('retrieveCatalogNG', scope(accountId));
    await crm.post('startNewCart', scope(accountId));
    const cart = await crm.post('saveItemToQuoteBlink', {
      ...scope(accountId),
      catalogItemId: catalogue.body.items[0]?.id,
      qty: 1,
    });
    expect(cart.status).toBe(200);
    return cart.body.quote.id;
  }
  const save = (accountId: string, quoteId: string, values: Record<string, string>, extra: object = {}) =>
    crm.post('saveCustomFields', {
      ...scope(accountId),
      quoteId,
      templateId: templateOf(accountId),
      values,
      ...extra,
    });
  const saved = (accountId: string, quoteId: string) =>
    crm.post('getCustomFields', { ...scope(accountId), quoteId });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const template = (id: string, storefrontId: string) => ({
      id,
      storefrontId,
      name: id,
      createdDate: new Date('2025-01-01T00:00:00Z'),
      Page_Type: 'Checkout',
      Quote_eDocument_ID: 'QuoteOrderPdf',
      sections,
    });
    await crm.database.db
      .insert(templates)
      .values([template(TEMPLATE, crm.ids.storefrontA), template(TEMPLATE_B, crm.ids.storefrontB)]);
  });
  afterAll(() => crm.close());

  it('saves values by their type and gives them back, with the label the buyer saw', async () => {
    const quoteId = await newCart(crm.ids.halvorsen);
    const answer = await save(crm.ids.halvorsen, quoteId, {
      Lab_Cost_Centre: '  Flow core CC-4410 ',
      Grant_Number: '',
      Requested_Delivery_Date: '2026-12-01',
      Sample_Count: '96',
      Billing_Email: 'ap@halvorsen.example',
      Cold_Room: 'true',
      Receiving_Dock_Hours: 'Weekdays 8–12',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toEqual([]);
    const expected = [
      { name: 'Lab_Cost_Centre', label: 'Lab or cost centre', value: 'Flow core CC-4410' },
      { name: 'Requested_Delivery_Date', label: 'Requested delivery date', value: '2026-12-01' },
      { name: 'Sample_Count', label: 'Sample count', value: 96 },
      { name: 'Billing_Email', label: 'Invoice email', value: 'ap@halvorsen.example' },
      { name: 'Cold_Room', label: 'Cold room on site', value: true },
      { name: 'Receiving_Dock_Hours', label: 'Receiving dock hours', value: 'Weekdays 8–12' },
    ];
    expect(answer.body.fields).toEqual(expected);
    expect((await saved(crm.ids.halvorsen, quoteId)).body.fields).toEqual(expected);

    // Saving again replaces the values: a field left empty is no longer held.
    await save(crm.ids.halvorsen, quoteId, { Lab_Cost_Centre: 'CC-1' });
    expect((await saved(crm.ids.halvorsen, quoteId)).body.fields).toEqual([
      { name: 'Lab_Cost_Centre', label: 'Lab or cost centre', value: 'CC-1' },
    ]);
  });

  it('refuses each bad value beside its field and keeps what was saved', async () => {
    const quoteId = await newCart(crm.ids.halvorsen);
    await save(crm.ids.halvorsen, quoteId, { Lab_Cost_Centre: 'CC-2' });
    const answer = await save(crm.ids.halvorsen, quoteId, {
      Lab_Cost_Centre: ' ',
      Grant_Number: 'G'.repeat(256),
      Requested_Delivery_Date: '2026-02-30',
      Sample_Count: '12 tubes',
      Billing_Email: 'accounts payable',
      Cold_Room: 'maybe',
      Receiving_Dock_Hours: 'Weekends',
      Warehouse_Notes: 'n'.repeat(501),
      Favourite_Colour: 'teal',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toEqual([
      { field: 'Favourite_Colour', message: 'This field is not on the form; reload the page.' },
      { field: 'Lab_Cost_Centre', message: 'Lab or cost centre is required.' },
      { field: 'Grant_Number', message: 'Grant or project number may have at most 255 characters.' },
      {
        field: 'Requested_Delivery_Date',
        message: 'Requested delivery date must be a date like 2026-12-31.',
      },
      { field: 'Sample_Count', message: 'Sample count must be a number, like 12 or 3.5.' },
      { field: 'Billing_Email', message: 'Invoice email must be an email address like name@example.com.' },
      { field: 'Cold_Room', message: 'Cold room on site must be ticked or left unticked.' },
      {
        field: 'Receiving_Dock_Hours',
        message: 'Receiving dock hours must be one of: Weekdays 8–12, Weekdays 12–17.',
      },
      { field: 'Warehouse_Notes', message: 'Notes for the warehouse may have at most 500 characters.' },
    ]);
    expect(answer.body.fields).toEqual([
      { name: 'Lab_Cost_Centre', label: 'Lab or cost centre', value: 'CC-2' },
    ]);
    expect((await saved(crm.ids.halvorsen, quoteId)).body.fields).toHaveLength(1);
  });

  it('refuses a NUL, another owner, an unknown template and a checked-out quote', async () => {
    const quoteId = await newCart(crm.ids.halvorsen);
    const nul = await save(crm.ids.halvorsen, quoteId, { Lab_Cost_Centre: 'CC\u00003' });
    expect(nul.status).toBe(400);
    expect(nul.error?.message).toContain('NUL');

    const foreign = await save(crm.ids.marlowe, quoteId, { Lab_Cost_Centre: 'CC-3' });
    expect(foreign.status).toBe(403);
    expect((await saved(crm.ids.marlowe, quoteId)).status).toBe(403);
    const otherContact = await save(
      crm.ids.halvorsen,
      quoteId,
      { Lab_Cost_Centre: 'CC-3' },
      { contactId: 'c-x' },
    );
    expect(otherContact.status).toBe(403);

    const unknown = await save(
      crm.ids.halvorsen,
      quoteId,
      { Lab_Cost_Centre: 'CC-3' },
      { templateId: TEMPLATE_B },
    );
    expect(unknown.status).toBe(404);

    await crm.database.db.update(quotes).set({ checkedOut: true }).where(eq(quotes.id, quoteId));
    const checkedOut = await save(crm.ids.halvorsen, quoteId, { Lab_Cost_Centre: 'CC-3' });
    expect(checkedOut.status).toBe(400);
    expect(checkedOut.error?.errorCode).toBe('QUOTE_CHECKED_OUT');
    expect((await saved(crm.ids.halvorsen, quoteId)).body.fields).toEqual([]);
  });

  it('places no order without the required values, then shows them on the PDF and the confirmation', async () => {
    const kestrel = crm.ids.kestrel;
    const quoteId = await newCart(kestrel);
    await crm.database.db
      .update(quotes)
      .set({
        shippingAddress: '1 Main St',
        shippingCity: 'Austin',
        shippingState: 'TX',
        shippingZip: '78701',
        shippingCountry: 'US',
        billingAddress1: '9 Billing Rd',
        billingCity: 'Austin',
        billingState: 'TX',
        billingZip: '78702',
        billingCountry: 'US',
        poNumber: 'KD-CUSTOM-1',
      })
      .where(eq(quotes.id, quoteId));
    const submit = () => crm.post('blinkCheckout', { ...scope(kestrel), quoteId, templateId: TEMPLATE_B });
    const refused = await submit();
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorCode: 'CHECKOUT_STEP_INCOMPLETE',
      message: 'ERROR: Lab or cost centre is required. Please complete Order details.',
    });

    const notes = 'Deliver to loading bay 3; ring the flow core on extension 4410 and keep the kit cold.';
    await save(kestrel, quoteId, { Lab_Cost_Centre: 'KD-LAB-7', Warehouse_Notes: notes, Cold_Room: 'true' });
    const placed = await submit();
    expect(placed.status).toBe(200);

    const confirmation = await crm.post('getOrderConfirmation', {
      ...scope(kestrel),
      orderNumber: placed.body.orderNumber,
    });
    expect(confirmation.body.details).toEqual([
      { label: 'Lab or cost centre', value: 'KD-LAB-7' },
      { label: 'Cold room on site', value: 'Yes' },
      { label: 'Notes for the warehouse', value: notes },
    ]);

    const file = await crm.post('getFileContent', {
      ...scope(kestrel),
      contentVersionId: placed.body.pdf.cvId,
    });
    const text = pdfText(Buffer.from(file.body.content, 'base64'));
    expect(text).toContain('Order details');
    expect(text).toContain('Lab or cost centre');
    expect(text).toContain('KD-LAB-7');
    // A long note wraps over lines rather than being cut.
    expect(text.replace(/\n/g, ' ')).toContain('keep the kit cold.');
  });
});
