import { failureOf, type InstalledInstrument } from '@storefront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../src/seed/seed';
import { openSeededCrm, type SeededCrm, testEngines } from '../src/testing';
import { png } from './fixtures/files';

const ANA = '003ANA000000000AAA';
const CLOGGED = 'Clogged flow cell: high event rate with debris and an unstable stream';

describe.each(await testEngines())('knowledge search and support cases on $name', (engine) => {
  let crm: SeededCrm;
  let sorter: InstalledInstrument;
  const halvorsen = () => ({ storefrontId: crm.ids.storefrontA, accountId: crm.ids.halvorsen });
  const search = (symptoms: string, extra: Record<string, unknown> = {}) =>
    crm.post('getKnowledgeDataBySearch', {
      ...halvorsen(),
      symptoms,
      ...extra,
    });
  const titles = async (symptoms: string, extra: Record<string, unknown> = {}) =>
    (await search(symptoms, extra)).body.articles.map((article) => article.title);
  const fileCase = (instrumentId: string, accountId = crm.ids.halvorsen) =>
    crm.post('createSupportCase', {
      storefrontId: crm.ids.storefrontA,
      accountId,
      contactId: ANA,
      instrumentId,
      symptoms: 'Event rate jumps to 30,000 per second with sheath only.\nStream wanders during sorts.',
      priority: 'High',
      contactName: 'Ana Berg',
      contactPhone: '+47 22 85 50 50',
    });

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    const { body } = await crm.post('getInstallBase', halvorsen());
    const found = body.instruments.find((instrument) => instrument.serialNumber === 'CS4-2019-00417');
    if (!found) throw new Error('the demo sorter is missing');
    sorter = found;
  });
  afterAll(() => crm.close());

  it('ranks the clogged flow cell article first for its symptoms, with the matched words marked', async () => {
    const { status, body } = await search('clogged flow cell, high event rate');
    expect(status).toBe(200);
    const [first] = body.articles;
    expect(first?.title).toBe(CLOGGED);
    expect(first?.number).toMatch(/^KB-\d{6}$/);
    expect(first?.snippet).toContain('«');
    expect(first?.models.map((model) => model.name)).toContain('Cell Sorter, 4-way, 4-laser');
    expect(body.articles.length).toBeGreaterThan(1);
  });

  it('finds words by their stem: "clogging" finds the article that says "clogged"', async () => {
    expect((await titles('flow cell clogging'))[0]).toBe(CLOGGED);
  });

  it('still finds the article when its words are misspelt', async () => {
    expect((await titles('cloged flwo cell, hihg event rate'))[0]).toBe(CLOGGED);
    // No article has the word as typed: the trigram match alone finds it.
    expect((await titles('vigneting'))[0]).toBe('Uneven illumination (vignetting) in imaging system tiles');
  });

  it("narrows the search to the chosen instrument's model", async () => {
    const all = await titles('bubbles in the flow cell');
    expect(all).toContain('Sequencer fluidics check fails: air in the flow cell lanes');
    const forSorter = await search('bubbles in the flow cell', { modelSku: sorter.modelSku });
    expect(forSorter.body.articles.length).toBeGreaterThan(0);
    for (const article of forSorter.body.articles) {
      expect(article.models.map((model) => model.sku)).toContain(sorter.modelSku);
    }
  });

  it('never finds a draft, and answers nothing for words no article has', async () => {
    expect(await titles('sheath fluid supplier formulation')).not.toContain(
      'New sheath fluid formulation: draft service note',
    );
    expect(await titles('zzqx wvvj')).toEqual([]);
  });

  it('refuses a search too short to mean anything with a message naming the field', async () => {
    const answer = await search('ab');
    expect(answer.status).toBe(400);
    expect(failureOf(answer.body)).toMatchObject({ errorCode: 'INVALID_PAYLOAD', field: 'symptoms' });
  });

  it('opens an article with its symptoms, cause and steps; an unknown one is 404', async () => {
    const [hit] = (await search('clogged flow cell')).body.articles;
    const { status, body } = await crm.post('getKnowledgeDetail', {
      ...halvorsen(),
      articleId: hit?.id,
    });
    expect(status).toBe(200);
    expect(body.title).toBe(CLOGGED);
    expect(body.symptoms[0]).toMatch(/event rate is far higher/);
    expect(body.cause).toMatch(/clumps/);
    expect(body.resolutionSteps).toHaveLength(6);
    const unknown = await crm.post('getKnowledgeDetail', { ...halvorsen(), articleId: 'no-such-article' });
    expect(unknown.status).toBe(404);
  });

  it("serves an article's printable procedure to the storefront's accounts only", async () => {
    const [hit] = (await search('clogged flow cell')).body.articles;
    const article = (await crm.post('getKnowledgeDetail', { ...halvorsen(), articleId: hit?.id })).body;
    const [procedure] = article.attachments;
    expect(procedure).toMatchObject({
      fileName: `${article.number}-procedure.pdf`,
      contentType: 'application/pdf',
    });
    const file = await crm.post('getKnowledgeAttachment', {
      ...halvorsen(),
      articleId: article.id,
      attachmentId: procedure?.id,
    });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(file.body.content, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(procedure?.size);
    // Another storefront's account, and a file the article does not have, get nothing.
    const kestrel = await crm.post('getKnowledgeAttachment', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.kestrel,
      articleId: article.id,
      attachmentId: procedure?.id,
    });
    expect(kestrel.status).toBe(403);
    const other = await crm.post('getKnowledgeAttachment', {
      ...halvorsen(),
      articleId: article.id,
      attachmentId: 'no-such-file',
    });
    expect(other.status).toBe(404);
  });

  it('tells the support page what it offers, and that support goes through the knowledge base', async () => {
    const config = await crm.get('getKnowledgeConfigurations', halvorsen());
    expect(config.status).toBe(200);
    expect(config.body.categories).toEqual(expect.arrayContaining(['Fluidics', 'Optics', 'Sorting']));
    expect(config.body.caseCreation).toBe(true);
    const bubble = await crm.get('checkIfBubbleOrg', halvorsen());
    expect(bubble.body.isBubbleOrg).toBe(true);
    expect(bubble.body.publishedArticles).toBeGreaterThanOrEqual(24);
  });

  it("gives the case form with the account's active instruments only", async () => {
    const { status, body } = await crm.get('getCaseCreationActionDetails', {
      stfId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
    });
    expect(status).toBe(200);
    expect(body.enabled).toBe(true);
    const serials = body.instruments.map((instrument) => instrument.serialNumber);
    expect(serials).toContain('CS4-2019-00417');
    expect(serials).not.toContain('BFC2-2016-00588');
    expect(body.fields.map((field) => field.key)).toEqual([
      'instrumentId',
      'subject',
      'symptoms',
      'priority',
      'contactPhone',
    ]);
    expect(body.attachments.extensions).toContain('png');
  });

  it('files a case for the sorter, names its serial, takes a photo and lists it', async () => {
    const filed = await fileCase(sorter.id);
    expect(filed.status).toBe(200);
    expect(filed.body.number).toMatch(/^CS-\d{6}$/);
    const photo = png();
    const attached = await crm.post('attachCaseFile', {
      ...halvorsen(),
      caseId: filed.body.id,
      fileName: 'flow-cell.png',
      fileContent: photo.toString('base64'),
      fileSize: photo.length,
    });
    expect(attached.status).toBe(200);
    expect(attached.body.attachment?.contentType).toBe('image/png');
    const shown = await crm.post('getSupportCase', { ...halvorsen(), caseId: filed.body.id });
    expect(shown.body).toMatchObject({
      subject: 'Event rate jumps to 30,000 per second with sheath only.',
      product: 'Cell Sorter, 4-way, 4-laser, serial CS4-2019-00417',
      priority: 'High',
      status: 'New',
    });
    expect(shown.body.attachments.map((file) => file.fileName)).toEqual(['flow-cell.png']);
    const listed = await crm.post('listSupportCases', halvorsen());
    expect(listed.body.map((row) => row.id)).toContain(filed.body.id);
  });

  it("refuses another account's instrument and case with 403, an unknown instrument with 404", async () => {
    const marlowe = await crm.post('getInstallBase', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
    });
    const sequencer = marlowe.body.instruments[0];
    const refused = await fileCase(sequencer?.id ?? '');
    expect(refused.status).toBe(403);
    expect(failureOf(refused.body).errorCode).toBe('FORBIDDEN');
    expect((await fileCase('no-such-instrument')).status).toBe(404);
    const own = await fileCase(sorter.id);
    const photo = png();
    const intruder = await crm.post('attachCaseFile', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.marlowe,
      caseId: own.body.id,
      fileName: 'x.png',
      fileContent: photo.toString('base64'),
      fileSize: photo.length,
    });
    expect(intruder.status).toBe(403);
  });

  it('refuses a case for a decommissioned instrument, naming the field', async () => {
    const { body } = await crm.post('getInstallBase', halvorsen());
    const retired = body.instruments.find((instrument) => instrument.status === 'Decommissioned');
    const answer = await fileCase(retired?.id ?? '');
    expect(answer.status).toBe(400);
    expect(failureOf(answer.body)).toMatchObject({ field: 'instrumentId' });
  });

  it("refuses another storefront's account with 403", async () => {
    const answer = await crm.post('getKnowledgeDataBySearch', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.kestrel,
      symptoms: 'clogged flow cell',
    });
    expect(answer.status).toBe(403);
  });

  it('seeds the knowledge base once: a second start adds no article', async () => {
    const before = (await crm.get('checkIfBubbleOrg', halvorsen())).body;
    await seedDemoIfEmpty(crm.database);
    const after = (await crm.get('checkIfBubbleOrg', halvorsen())).body;
    expect(after.publishedArticles).toBe(before.publishedArticles);
  });
});
