import {
  type FileContent,
  failureOf,
  MAX_FILE_CHUNK_CHARS,
  MESSAGES,
  type PoFile,
  type QuoteSummary,
  TEXT_PROBLEM,
  type UploadProgress,
} from '@storefront/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUploads, quoteFiles, quotes } from '../src/db/schema';
import { createCrmApp } from '../src/http/app';
import {
  embeddedTaxService,
  openSeededCrm,
  type SeededCrm,
  TEST_SERVICE_TOKEN,
  testEngines,
} from '../src/testing';
import { office, pdf, png, svg } from './fixtures/files';

describe.each(await testEngines())('PO files on $name', (engine) => {
  let crm: SeededCrm;

  const scope = (accountId: string) => ({
    storefrontId: crm.ids.storefrontA,
    accountId,
    contactId: '003-ana',
  });
  async function newQuote(accountId: string): Promise<string> {
    const answer = await crm.postAs<{ quote: QuoteSummary }>('startNewCart', scope(accountId));
    return answer.body.quote.id;
  }
  const fileOf = (accountId: string, quoteId: string) =>
    crm.postAs<PoFile[]>('getFile', {
      ...scope(accountId),
      fileRelatedTo: 'QPO',
      parentId: quoteId,
      filePublicLinkRequired: true,
    });
  const contentOf = (accountId: string, cvId: string) =>
    crm.postAs<FileContent>('getFileContent', { ...scope(accountId), contentVersionId: cvId });

  /** Sends the file as the storefront's uploader does: chunks of `chunkChars` base64 characters, in order. */
  async function upload(
    accountId: string,
    quoteId: string,
    fileName: string,
    file: Buffer,
    chunkChars = 2048,
  ) {
    const text = file.toString('base64');
    const chunks: string[] = [];
    for (let at = 0; at < text.length; at += chunkChars) chunks.push(text.slice(at, at + chunkChars));
    const progress: UploadProgress[] = [];
    let uploadId: string | undefined;
    for (const [chunkIndex, fileContent] of chunks.entries()) {
      const answer = await crm.postAs<UploadProgress>('uploadFile', {
        ...scope(accountId),
        fileRelatedTo: 'QPO',
        parentId: quoteId,
        fileName,
        fileContent,
        fileSize: file.length,
        chunkIndex,
        chunkCount: chunks.length,
        filePublicLinkRequired: true,
        ...(uploadId ? { uploadId } : {}),
      });
      if (answer.status !== 200) return { answer, progress };
      progress.push(answer.body);
      uploadId = answer.body.uploadId ?? undefined;
    }
    return { answer: { status: 200, body: progress.at(-1) }, progress };
  }

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
  });
  afterAll(() => crm.close());

  it('stores a file sent in chunks, reporting progress, and serves it back byte for byte', async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const file = pdf('x'.repeat(9000));
    const { answer, progress } = await upload(crm.ids.halvorsen, quoteId, 'PO 1001 (signed).PDF', file);
    expect(answer.status).toBe(200);
    const chunkCount = Math.ceil(file.toString('base64').length / 2048);
    expect(progress.map((step) => [step.status, step.receivedChunks, step.chunkCount])).toEqual(
      Array.from({ length: chunkCount }, (_, index) => [
        index === chunkCount - 1 ? 'Uploaded' : 'Uploading',
        index + 1,
        chunkCount,
      ]),
    );
    const stored = progress.at(-1) as PoFile;
    expect(stored).toMatchObject({
      fileName: 'PO 1001 (signed).pdf',
      status: 'Uploaded',
      contentType: 'application/pdf',
      size: file.length,
      filePublicURL: `/api/files/${stored.cvId}`,
    });
    expect((await fileOf(crm.ids.halvorsen, quoteId)).body).toEqual([
      {
        fileName: stored.fileName,
        cvId: stored.cvId,
        filePublicURL: stored.filePublicURL,
        status: 'Uploaded',
        contentType: 'application/pdf',
        size: file.length,
        uploadedAt: stored.uploadedAt,
      },
    ]);
    const download = await contentOf(crm.ids.halvorsen, stored.cvId);
    expect(download.body).toMatchObject({ fileName: stored.fileName, contentType: 'application/pdf' });
    expect(Buffer.from(download.body.content, 'base64').equals(file)).toBe(true);
    // The staged chunks are gone once the file is stored.
    const [staged] = await crm.database.db
      .select({ count: count() })
      .from(fileUploads)
      .where(eq(fileUploads.quoteId, quoteId));
    expect(staged?.count).toBe(0);
  });

  it('takes the largest chunk the gateway can carry, and a file in one chunk', async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const big = Buffer.concat([pdf(), Buffer.alloc(50_000, 7)]);
    const { answer, progress } = await upload(
      crm.ids.halvorsen,
      quoteId,
      'big.pdf',
      big,
      MAX_FILE_CHUNK_CHARS,
    );
    expect(answer.status).toBe(200);
    expect(progress.map((step) => step.receivedChunks)).toEqual([1, 2, 3]);
    const single = await upload(crm.ids.halvorsen, quoteId, 'logo.png', png(), 1_000_000);
    expect(single.answer.body).toMatchObject({
      status: 'Uploaded',
      uploadId: null,
      contentType: 'image/png',
    });
  });

  it('keeps one PO file per quote: a new upload replaces the old one', async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const first = (await upload(crm.ids.halvorsen, quoteId, 'first.pdf', pdf())).answer.body as PoFile;
    const second = (await upload(crm.ids.halvorsen, quoteId, 'second.docx', office('docx'))).answer
      .body as PoFile;
    const files = (await fileOf(crm.ids.halvorsen, quoteId)).body;
    expect(files.map((file) => [file.fileName, file.cvId])).toEqual([['second.docx', second.cvId]]);
    expect((await contentOf(crm.ids.halvorsen, first.cvId)).status).toBe(404);
  });

  it('refuses a file over 10 MB from its first chunk, naming the limit', async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const answer = await crm.post('uploadFile', {
      ...scope(crm.ids.halvorsen),
      fileRelatedTo: 'QPO',
      parentId: quoteId,
      fileName: 'scan.pdf',
      fileContent: pdf('z'.repeat(30_000)).toString('base64').slice(0, MAX_FILE_CHUNK_CHARS),
      fileSize: 12 * 1024 * 1024,
      chunkCount: 586,
    });
    expect(answer.status).toBe(413);
    expect(failureOf(answer.body)).toEqual({
      errorCode: 'FILE_TOO_LARGE',
      field: 'fileSize',
      message: 'fileSize: the file is 12.0 MB; a PO file may be at most 10.0 MB.',
    });
  });

  it('refuses content that is not what the extension says, and extensions outside the list', async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const renamed = await upload(crm.ids.halvorsen, quoteId, 'order.pdf', png());
    expect(renamed.answer.status).toBe(400);
    expect(failureOf(renamed.answer.body)).toMatchObject({
      errorCode: 'FILE_CONTENT_MISMATCH',
      field: 'fileContent',
    });
    // Refused at the first chunk: nothing of a 20 KB file was staged.
    const early = await upload(
      crm.ids.halvorsen,
      quoteId,
      'order.jpg',
      Buffer.concat([pdf(), Buffer.alloc(20_000)]),
    );
    expect(early.progress).toEqual([]);
    expect(failureOf(early.answer.body).errorCode).toBe('FILE_CONTENT_MISMATCH');
    // A ZIP of another Office type is found out when the whole file is in.
    const workbook = await upload(crm.ids.halvorsen, quoteId, 'order.docx', office('xlsx'), 512);
    expect(failureOf(workbook.answer.body).message).toContain('is not a Word document');
    const html = await upload(
      crm.ids.halvorsen,
      quoteId,
      'order.svg',
      svg('<html><script>alert(1)</script></html>'),
    );
    expect(failureOf(html.answer.body).errorCode).toBe('FILE_CONTENT_MISMATCH');
    const exe = await upload(crm.ids.halvorsen, quoteId, 'order.exe', pdf());
    expect(failureOf(exe.answer.body)).toMatchObject({
      errorCode: 'FILE_TYPE_NOT_ALLOWED',
      field: 'fileName',
    });
    expect((await fileOf(crm.ids.halvorsen, quoteId)).body).toEqual([]);
  });

  it('takes chunks in order only, and a chunk sent again', async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const text = pdf('y'.repeat(3000)).toString('base64');
    const base = {
      ...scope(crm.ids.halvorsen),
      fileRelatedTo: 'QPO',
      parentId: quoteId,
      fileName: 'po.pdf',
      fileSize: Buffer.from(text, 'base64').length,
      chunkCount: Math.ceil(text.length / 1024),
    };
    const chunk = (index: number) => text.slice(index * 1024, (index + 1) * 1024);
    const started = await crm.postAs<UploadProgress>('uploadFile', { ...base, fileContent: chunk(0) });
    const uploadId = started.body.uploadId;
    const skipped = await crm.post('uploadFile', { ...base, uploadId, chunkIndex: 2, fileContent: chunk(2) });
    expect(skipped.status).toBe(409);
    expect(failureOf(skipped.body).message).toBe(
      'chunkIndex: chunks come in order: the next is chunk 1 (counting from 0).',
    );
    const again = await crm.postAs<UploadProgress>('uploadFile', {
      ...base,
      uploadId,
      chunkIndex: 0,
      fileContent: chunk(0),
    });
    expect(again.status).toBe(200);
    const short = await crm.post('uploadFile', {
      ...base,
      uploadId,
      chunkIndex: 1,
      fileContent: chunk(1).slice(0, 512),
    });
    expect(failureOf(short.body)).toMatchObject({ errorCode: 'FILE_CHUNK_REFUSED', field: 'fileContent' });
    const unknown = await crm.post('uploadFile', {
      ...base,
      uploadId: 'no-such-upload',
      chunkIndex: 1,
      fileContent: chunk(1),
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses a file past what one cart may hold, keeping its PO file; a lapsed upload counts no more', async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const kept = (await upload(crm.ids.halvorsen, quoteId, 'po.pdf', pdf())).answer.body as PoFile;
    /** The first chunk of a file of `size` bytes (a PDF padded out), as the uploader sends it. */
    const start = (size: number) => {
      const text = Buffer.concat([pdf(), Buffer.alloc(size - pdf().length)]).toString('base64');
      return crm.postAs<UploadProgress>('uploadFile', {
        ...scope(crm.ids.halvorsen),
        fileRelatedTo: 'QPO',
        parentId: quoteId,
        fileName: 'next.pdf',
        fileContent: text.slice(0, 1024),
        fileSize: size,
        chunkCount: Math.ceil(text.length / 1024),
      });
    };
    const tenMegabytes = 10 * 1024 * 1024;
    expect((await start(tenMegabytes)).status).toBe(200);
    expect((await start(tenMegabytes)).status).toBe(200);
    const tooManyBytes = await start(tenMegabytes);
    expect(tooManyBytes.status).toBe(409);
    expect(failureOf(tooManyBytes.body)).toEqual({
      errorCode: 'FILE_QUOTA_REACHED',
      field: 'fileSize',
      message:
        'fileSize: this cart holds 20.0 MB of PO files and unfinished uploads, and 10.0 MB more would pass the 30.0 MB it may hold at once; an unfinished upload lapses 60 minutes after it started.',
    });
    expect((await start(4096)).status).toBe(200);
    const tooManyFiles = await start(4096);
    expect(tooManyFiles.status).toBe(409);
    expect(failureOf(tooManyFiles.body).message).toBe(
      'fileSize: this cart already holds 4 PO files and unfinished uploads, the most it may hold at once; an unfinished upload lapses 60 minutes after it started.',
    );
    const files = (await fileOf(crm.ids.halvorsen, quoteId)).body;
    expect(files.map((file) => [file.fileName, file.cvId])).toEqual([['po.pdf', kept.cvId]]);
    expect((await contentOf(crm.ids.halvorsen, kept.cvId)).body.content).toBe(pdf().toString('base64'));

    // An hour on, the unfinished uploads have lapsed: they count no more and are deleted at the next start.
    await crm.database.db
      .update(fileUploads)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(fileUploads.quoteId, quoteId));
    expect((await start(tenMegabytes)).status).toBe(200);
    const [left] = await crm.database.db
      .select({ uploads: count() })
      .from(fileUploads)
      .where(eq(fileUploads.quoteId, quoteId));
    expect(left?.uploads).toBe(1);
  });

  it("refuses another account's quote and file (403), and a NUL in the file name (400)", async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const stored = (await upload(crm.ids.halvorsen, quoteId, 'po.pdf', pdf())).answer.body as PoFile;
    const denied = { status: 403, body: { errorCode: 'FORBIDDEN', message: MESSAGES.accessDenied } };
    expect(await fileOf(crm.ids.marlowe, quoteId)).toEqual(denied);
    expect(await contentOf(crm.ids.marlowe, stored.cvId)).toEqual(denied);
    expect((await upload(crm.ids.marlowe, quoteId, 'mine.pdf', pdf())).answer).toEqual(denied);
    const removal = { fileName: 'po.pdf', contentVersionId: stored.cvId };
    expect(await crm.post('deleteFile', { ...scope(crm.ids.marlowe), ...removal })).toEqual(denied);
    expect((await fileOf(crm.ids.halvorsen, quoteId)).body).toHaveLength(1);

    const nul = await upload(crm.ids.halvorsen, quoteId, 'po\u0000.pdf', pdf());
    expect(failureOf(nul.answer.body)).toEqual({
      errorCode: 'INVALID_PAYLOAD',
      field: 'fileName',
      message: `fileName: ${TEXT_PROBLEM}`,
    });
  });

  it('deletes the PO file by its id and name, but not once the quote is checked out', async () => {
    const quoteId = await newQuote(crm.ids.halvorsen);
    const stored = (await upload(crm.ids.halvorsen, quoteId, 'po.pdf', pdf())).answer.body as PoFile;
    const wrongName = await crm.post('deleteFile', {
      ...scope(crm.ids.halvorsen),
      fileName: 'other.pdf',
      contentVersionId: stored.cvId,
    });
    expect(failureOf(wrongName.body)).toMatchObject({ errorCode: 'INVALID_PAYLOAD', field: 'fileName' });
    await crm.database.db.update(quotes).set({ checkedOut: true }).where(eq(quotes.id, quoteId));
    const removal = { ...scope(crm.ids.halvorsen), fileName: 'po.pdf', contentVersionId: stored.cvId };
    expect(failureOf((await crm.post('deleteFile', removal)).body).errorCode).toBe('QUOTE_CHECKED_OUT');
    // The order keeps its file, still served to its account.
    expect((await contentOf(crm.ids.halvorsen, stored.cvId)).status).toBe(200);
    await crm.database.db.update(quotes).set({ checkedOut: false }).where(eq(quotes.id, quoteId));
    expect(await crm.post('deleteFile', removal)).toEqual({
      status: 200,
      body: { cvId: stored.cvId, fileName: 'po.pdf', status: 'Deleted' },
    });
    expect((await fileOf(crm.ids.halvorsen, quoteId)).body).toEqual([]);
  });

  it("deletes the files of guest carts nobody can reach, at start and hourly; a live cart's, an order's and a signed-in buyer's stay", async () => {
    const guest = (letter: string) => ({
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      guestCartSecret: letter.repeat(43),
    });
    /** A cart of the owner with a PO file, last changed `days` ago. */
    const cartWithFile = async (
      owner: object,
      days: number,
      change: Partial<typeof quotes.$inferInsert> = {},
    ) => {
      const cart = await crm.postAs<{ quote: QuoteSummary }>('startNewCart', owner);
      const quoteId = cart.body.quote.id;
      const file = pdf();
      const stored = await crm.postAs<PoFile>('uploadFile', {
        ...owner,
        fileRelatedTo: 'QPO',
        parentId: quoteId,
        fileName: 'po.pdf',
        fileContent: file.toString('base64'),
        fileSize: file.length,
      });
      expect(stored.status).toBe(200);
      await crm.database.db
        .update(quotes)
        .set({ modifiedAt: new Date(Date.now() - days * 24 * 3_600_000), ...change })
        .where(eq(quotes.id, quoteId));
      return quoteId;
    };
    // The guest's cookie lasted 30 days from their first add: after 31 untouched days nobody holds it.
    const abandoned = await cartWithFile(guest('a'), 32);
    const live = await cartWithFile(guest('l'), 29);
    const ordered = await cartWithFile(guest('o'), 90, { checkedOut: true });
    const signedIn = await cartWithFile(scope(crm.ids.halvorsen), 90);
    const filesOf = async (quoteId: string) =>
      (
        await crm.database.db.select({ n: count() }).from(quoteFiles).where(eq(quoteFiles.quoteId, quoteId))
      )[0]?.n;

    const stop = new AbortController();
    createCrmApp({
      db: crm.database,
      serviceToken: TEST_SERVICE_TOKEN,
      tax: embeddedTaxService().client,
      maintenance: { everyMs: 60_000, stop: stop.signal },
    });
    try {
      await expect.poll(() => filesOf(abandoned), { timeout: 5_000 }).toBe(0);
    } finally {
      stop.abort();
    }
    expect(await Promise.all([live, ordered, signedIn].map(filesOf))).toEqual([1, 1, 1]);
    expect((await fileOf(crm.ids.halvorsen, signedIn)).body.map((file) => file.fileName)).toEqual(['po.pdf']);
  });

  it("serves a guest only their own cart's file", async () => {
    const guest = (letter: string) => ({
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      guestCartSecret: letter.repeat(43),
    });
    const cart = await crm.postAs<{ quote: QuoteSummary }>('startNewCart', guest('g'));
    const file = svg();
    const stored = await crm.postAs<PoFile>('uploadFile', {
      ...guest('g'),
      fileRelatedTo: 'QPO',
      parentId: cart.body.quote.id,
      fileName: 'stamp.svg',
      fileContent: file.toString('base64'),
      fileSize: file.length,
    });
    expect(stored.body).toMatchObject({
      status: 'Uploaded',
      contentType: 'image/svg+xml',
      filePublicURL: null,
    });
    const mine = await crm.post('getFileContent', { ...guest('g'), contentVersionId: stored.body.cvId });
    expect(mine.status).toBe(200);
    const theirs = await crm.post('getFileContent', { ...guest('h'), contentVersionId: stored.body.cvId });
    expect(theirs.status).toBe(403);
  });
});
