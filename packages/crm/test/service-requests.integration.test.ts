import { FILE_CHUNK_UNIT, failureOf } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoServiceRequests } from '../src/seed/service-requests';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';
import { pdf, png } from './fixtures/files';

const ANA = '003ANA000000000AAA';
const MIA = '003MIA000000000AAA';

describe.each(await testEngines())('service requests and cases on $name', (engine) => {
  let crm: SeededCrm;
  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    await ensureDemoServiceRequests(crm.database.db, [
      { accountId: crm.ids.halvorsen, contactId: ANA },
      { accountId: crm.ids.marlowe, contactId: MIA },
    ]);
  });
  afterAll(() => crm.close());

  const halvorsen = () => ({
    storefrontId: crm.ids.storefrontA,
    accountId: crm.ids.halvorsen,
    contactId: ANA,
  });
  const marlowe = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.marlowe, contactId: MIA });
  const file = (requestId: string, name: string, content: Buffer) => ({
    ...halvorsen(),
    requestId,
    fileName: name,
    fileContent: content.toString('base64'),
    fileSize: content.length,
  });
  const create = (fields: Record<string, string>, subject = 'Pipette calibration drifts') =>
    crm.post('createServiceRequest', {
      ...halvorsen(),
      subject,
      priority: 'Medium',
      authorName: 'buyer@halvorsen.example',
      fields,
    });

  it('gives the storefront’s request form, category first', async () => {
    const { status, body } = await crm.get('getRequestForm', halvorsen());
    expect(status).toBe(200);
    expect(body.map((field) => field.key)).toEqual([
      'category',
      'serialNumber',
      'description',
      'contactTime',
    ]);
    expect(body[0]?.options).toContain('Instrument service');
  });

  it('lists the account’s seeded requests newest first, and by status', async () => {
    const all = await crm.post('listServiceRequests', halvorsen());
    expect(all.body.map((row) => row.subject)).toEqual([
      'Damaged box in order delivery',
      'Weak signal with anti-CD3 in flow cytometry',
      'Centrifuge rotor imbalance alarm',
    ]);
    const resolved = await crm.post('listServiceRequests', {
      ...halvorsen(),
      status: 'Resolved',
    });
    expect(resolved.body.map((row) => row.number)).toEqual([all.body[2]?.number]);
  });

  it('shows a request with its status history and comments from both sides', async () => {
    const [, , centrifuge] = (await crm.post('listServiceRequests', halvorsen())).body;
    const { body } = await crm.post('getServiceRequest', {
      ...halvorsen(),
      requestId: centrifuge?.id,
    });
    expect(body.history.map((entry) => entry.status)).toEqual(['New', 'In progress', 'Resolved']);
    expect(body.comments.map((entry) => entry.author)).toEqual(['support', 'customer']);
    expect(body.fields).toContainEqual({
      key: 'serialNumber',
      label: 'Instrument serial number',
      value: 'CF-5810-22817',
    });
  });

  it('files a request with a number and its first history entry, and refuses fields beside their name', async () => {
    const missing = await create({ category: 'Instrument service' });
    expect(missing.status).toBe(400);
    expect(failureOf(missing.body)).toMatchObject({ field: 'fields.description' });
    const wrong = await create({ category: 'Coffee', description: 'x' });
    expect(failureOf(wrong.body)).toMatchObject({ field: 'fields.category' });

    const filed = await create({
      category: 'Order issue',
      description: 'Order 1042 arrived without ice packs.',
    });
    expect(filed.status).toBe(200);
    expect(filed.body.number).toMatch(/^SR-\d{6}$/);
    const { body } = await crm.post('getServiceRequest', {
      ...halvorsen(),
      requestId: filed.body.id,
    });
    expect(body).toMatchObject({
      status: 'New',
      category: 'Order issue',
      createdBy: 'buyer@halvorsen.example',
    });
    expect(body.history).toHaveLength(1);
  });

  it('adds a customer comment that the request then shows', async () => {
    const { body: filed } = await create({ category: 'Returns', description: 'Wrong buffer shipped.' });
    const added = await crm.post('addRequestComment', {
      ...halvorsen(),
      requestId: filed.id,
      authorName: 'buyer@halvorsen.example',
      body: 'The lot number is 23K402.',
    });
    expect(added.body).toMatchObject({ author: 'customer', body: 'The lot number is 23K402.' });
    const { body } = await crm.post('getServiceRequest', {
      ...halvorsen(),
      requestId: filed.id,
    });
    expect(body.comments.map((entry) => entry.body)).toEqual(['The lot number is 23K402.']);
  });

  it('attaches a file in one chunk or several, checked by its content, and serves it back', async () => {
    const { body: filed } = await create({ category: 'Returns', description: 'Photo of the box attached.' });
    const one = await crm.post('attachRequestFile', file(filed.id, 'box.png', png()));
    expect(one.status).toBe(200);
    expect(one.body.attachment).toMatchObject({ fileName: 'box.png', contentType: 'image/png' });

    // A PDF of three chunks of 512 base64 characters.
    const big = pdf('x'.repeat(1000));
    const base64 = big.toString('base64');
    const chunks = [0, 1, 2].map((index) =>
      base64.slice(index * FILE_CHUNK_UNIT, (index + 1) * FILE_CHUNK_UNIT),
    );
    const payload = { ...file(filed.id, 'report.pdf', big), chunkCount: chunks.length };
    const first = await crm.post('attachRequestFile', { ...payload, fileContent: chunks[0] });
    expect(first.body).toMatchObject({ receivedChunks: 1, chunkCount: 3, attachment: null });
    const uploadId = first.body.uploadId;
    const outOfOrder = await crm.post('attachRequestFile', {
      ...payload,
      uploadId,
      chunkIndex: 2,
      fileContent: chunks[2],
    });
    expect(outOfOrder.status).toBe(409);
    await crm.post('attachRequestFile', { ...payload, uploadId, chunkIndex: 1, fileContent: chunks[1] });
    const last = await crm.post('attachRequestFile', {
      ...payload,
      uploadId,
      chunkIndex: 2,
      fileContent: chunks[2],
    });
    expect(last.body.attachment).toMatchObject({ fileName: 'report.pdf', size: big.length });

    const { body } = await crm.post('getServiceRequest', {
      ...halvorsen(),
      requestId: filed.id,
    });
    expect(body.attachments.map((entry) => entry.fileName)).toEqual(['box.png', 'report.pdf']);
    const served = await crm.post('getAttachmentContent', {
      ...halvorsen(),
      attachmentId: last.body.attachment?.id,
    });
    expect(Buffer.from(served.body.content, 'base64').equals(big)).toBe(true);
    expect(served.body.contentType).toBe('application/pdf');
  });

  it('refuses a renamed file and a type that is not a document', async () => {
    const { body: filed } = await create({ category: 'Returns', description: 'x' });
    const renamed = await crm.post('attachRequestFile', file(filed.id, 'box.pdf', png()));
    expect(failureOf(renamed.body)).toMatchObject({ errorCode: 'FILE_CONTENT_MISMATCH' });
    const tooLarge = await crm.post('attachRequestFile', {
      ...file(filed.id, 'box.png', png()),
      fileSize: 11 * 1024 * 1024,
    });
    expect(tooLarge.status).toBe(413);
    expect(failureOf(tooLarge.body).message).toBe(
      'fileSize: the file is 11.0 MB; an attachment may be at most 10.0 MB.',
    );
    const script = await crm.post('attachRequestFile', file(filed.id, 'run.exe', png()));
    expect(failureOf(script.body)).toMatchObject({ errorCode: 'FILE_TYPE_NOT_ALLOWED', field: 'fileName' });
    const { body } = await crm.post('getServiceRequest', {
      ...halvorsen(),
      requestId: filed.id,
    });
    expect(body.attachments).toEqual([]);
  });

  it('lists and shows the account’s cases with their comments', async () => {
    const { body: cases } = await crm.post('listSupportCases', halvorsen());
    expect(cases.map((row) => row.subject)).toEqual([
      'Plate reader firmware update fails',
      'Certificate of analysis missing',
    ]);
    const closed = await crm.post('listSupportCases', { ...halvorsen(), status: 'Closed' });
    expect(closed.body).toHaveLength(1);
    const { body } = await crm.post('getSupportCase', { ...halvorsen(), caseId: cases[0]?.id });
    expect(body).toMatchObject({ product: 'Multimode plate reader', status: 'Working' });
    expect(body.comments.map((entry) => entry.author)).toEqual(['support']);
  });

  it('refuses another account’s request, comment, attachment, file and case with 403', async () => {
    const { body: filed } = await create({ category: 'Returns', description: 'Private.' });
    const attached = await crm.post('attachRequestFile', file(filed.id, 'box.png', png()));
    const [theirCase] = (await crm.post('listSupportCases', marlowe())).body;
    const calls: [string, Record<string, unknown>][] = [
      ['getServiceRequest', { ...marlowe(), requestId: filed.id }],
      ['addRequestComment', { ...marlowe(), requestId: filed.id, authorName: 'mia', body: 'hi' }],
      ['attachRequestFile', { ...file(filed.id, 'box.png', png()), ...marlowe() }],
      ['getAttachmentContent', { ...marlowe(), attachmentId: attached.body.attachment?.id }],
      ['getSupportCase', { ...halvorsen(), caseId: theirCase?.id }],
    ];
    for (const [type, payload] of calls) {
      const answer = await crm.post(type as 'getServiceRequest', payload);
      expect(answer.status, type).toBe(403);
    }
    const theirs = await crm.post('listServiceRequests', marlowe());
    expect(theirs.body.map((row) => row.id)).not.toContain(filed.id);
  });
});
