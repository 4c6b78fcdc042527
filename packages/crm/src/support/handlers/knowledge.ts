import {
  CASE_ATTACHMENT_RULES,
  CASE_FIELDS,
  CASE_SUBJECT_MAX,
  KNOWLEDGE_RESULTS_MAX,
  KNOWLEDGE_SEARCH_DEBOUNCE_MS,
  type KnowledgeArticleSummary,
  PRIORITIES,
  SYMPTOMS_MIN,
} from '@storefront/contracts';
import { invalidPayload, notFound } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { accountScope } from '../../core/scope';
import type { CrmDb } from '../../db/open';
import { recordBusinessEvent } from '../../events';
import { findInstalledInstrument, listInstallBase, toInstalledInstrument } from '../../install-base';
import {
  type ArticleModelRow,
  attachmentsOf,
  findArticle,
  findAttachment,
  insertCaseFiling,
  type KnowledgeArticleRow,
  knowledgeOverview,
  modelsOf,
  searchArticles,
} from '../queries/knowledge';
import { insertCase } from '../queries/service-requests';
import { ownAccount, owned } from './service-requests';

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

function summary(
  row: KnowledgeArticleRow,
  models: ArticleModelRow[],
  snippet: string,
): KnowledgeArticleSummary {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    category: row.category,
    snippet,
    models: models.map((model) => ({ sku: model.modelSku, name: model.modelName })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's instruments a case can name: active ones (a decommissioned one is kept for its history). */
async function activeInstruments(db: CrmDb, accountId: string) {
  return (await listInstallBase(db, accountId)).filter((row) => row.status === 'Active');
}

export const getKnowledgeConfigurations: Handler<'getKnowledgeConfigurations'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const [overview, instruments] = await Promise.all([
    knowledgeOverview(ctx.db, payload.storefrontId),
    activeInstruments(ctx.db, account.id),
  ]);
  return {
    categories: overview.categories,
    minSymptomChars: SYMPTOMS_MIN,
    maxResults: KNOWLEDGE_RESULTS_MAX,
    debounceMs: KNOWLEDGE_SEARCH_DEBOUNCE_MS,
    caseCreation: instruments.length > 0,
  };
};

export const getKnowledgeDataBySearch: Handler<'getKnowledgeDataBySearch'> = async (ctx, payload) => {
  await accountScope(ctx, payload.storefrontId, payload.accountId);
  const hits = await searchArticles(ctx.db, payload);
  const models = await modelsOf(
    ctx.db,
    hits.map((hit) => hit.article.id),
  );
  return {
    articles: hits.map((hit) => summary(hit.article, models.get(hit.article.id) ?? [], hit.snippet)),
  };
};

/** A published article of the storefront the account belongs to; another storefront's and a draft: 404. */
async function publishedArticle(
  ctx: Parameters<Handler<'getKnowledgeDetail'>>[0],
  payload: { storefrontId: string; accountId: string; articleId: string },
) {
  await accountScope(ctx, payload.storefrontId, payload.accountId);
  const row = await findArticle(ctx.db, payload.articleId);
  // Another storefront's article and a draft are answered like none.
  if (!row || row.storefrontId !== payload.storefrontId || !row.published) {
    throw notFound('there is no article with this id.', 'articleId');
  }
  return row;
}

export const getKnowledgeDetail: Handler<'getKnowledgeDetail'> = async (ctx, payload) => {
  const row = await publishedArticle(ctx, payload);
  const [models, attachments] = await Promise.all([
    modelsOf(ctx.db, [row.id]).then((found) => found.get(row.id) ?? []),
    attachmentsOf(ctx.db, row.id),
  ]);
  const { snippet: _, ...article } = summary(row, models, '');
  return {
    ...article,
    symptoms: lines(row.symptoms),
    cause: row.cause,
    resolutionSteps: lines(row.resolution),
    attachments,
  };
};

export const getKnowledgeAttachment: Handler<'getKnowledgeAttachment'> = async (ctx, payload) => {
  const row = await publishedArticle(ctx, payload);
  const file = await findAttachment(ctx.db, row.id, payload.attachmentId);
  if (!file) throw notFound('this article has no file with this id.', 'attachmentId');
  return {
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.content.length,
    content: file.content.toString('base64'),
  };
};

export const checkIfBubbleOrg: Handler<'checkIfBubbleOrg'> = async (ctx, payload) => {
  await accountScope(ctx, payload.storefrontId, payload.accountId);
  const { publishedArticles } = await knowledgeOverview(ctx.db, payload.storefrontId);
  return { isBubbleOrg: publishedArticles > 0, publishedArticles };
};

export const getCaseCreationActionDetails: Handler<'getCaseCreationActionDetails'> = async (ctx, payload) => {
  const { account } = await accountScope(ctx, payload.stfId, payload.accountId);
  const instruments = await activeInstruments(ctx.db, account.id);
  return {
    enabled: instruments.length > 0,
    reason:
      instruments.length > 0
        ? null
        : 'Your account has no active instrument registered; use a service request for other questions.',
    fields: [...CASE_FIELDS],
    priorities: [...PRIORITIES],
    defaultPriority: 'Medium',
    instruments: instruments.map(toInstalledInstrument),
    attachments: CASE_ATTACHMENT_RULES,
  };
};

/** The subject a case gets when none was typed: the symptoms' first line, cut at a word. */
export function subjectOf(symptoms: string): string {
  const first = lines(symptoms)[0]?.trim() ?? symptoms.trim();
  if (first.length <= CASE_SUBJECT_MAX) return first;
  const cut = first.slice(0, CASE_SUBJECT_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** Files a case for one of the account's active instruments; the case names the model and its serial. */
export const createSupportCase: Handler<'createSupportCase'> = async (ctx, payload) => {
  const accountId = await ownAccount(ctx, payload);
  const instrument = owned(
    await findInstalledInstrument(ctx.db, payload.instrumentId),
    accountId,
    'instrument',
  );
  if (instrument.status !== 'Active') {
    throw invalidPayload('this instrument is decommissioned; choose an active one.', 'instrumentId');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const record = await insertCase(tx, {
      storefrontId: payload.storefrontId,
      accountId,
      subject: payload.subject || subjectOf(payload.symptoms),
      description: payload.symptoms,
      product: `${instrument.modelName}, serial ${instrument.serialNumber}`,
      priority: payload.priority,
    });
    await insertCaseFiling(tx, {
      caseId: record.id,
      installBaseId: instrument.id,
      contactId: payload.contactId ?? null,
      contactName: payload.contactName,
      contactPhone: payload.contactPhone || null,
    });
    await recordBusinessEvent(tx, {
      storefrontId: record.storefrontId,
      type: 'case.created',
      subject: `case:${record.number}`,
      data: {
        id: record.id,
        number: record.number,
        accountId: record.accountId,
        contactId: payload.contactId ?? null,
        contactName: payload.contactName,
        subject: record.subject,
        description: record.description,
        product: record.product,
        instrumentId: instrument.id,
        priority: record.priority,
      },
    });
    return record;
  });
  void ctx.events.deliver();
  return { id: row.id, number: row.number };
};
