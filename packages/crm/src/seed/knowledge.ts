import { randomUUID } from 'node:crypto';
import type { CrmDb } from '../db/open';
import * as schema from '../db/schema';
import { fullCatalogueModels } from '../elearning/queries/elearning';
import { recordArticleTerms } from '../support/queries/knowledge';
import { procedureFileName, renderProcedurePdf } from '../support/rules/knowledge-pdf';
import { DEMO_ARTICLES, type DemoArticle } from './knowledge-articles';

/** The first articles (the most asked about) come with a printable procedure. */
const ARTICLES_WITH_PROCEDURES = 6;

/** The day the demo articles were last revised, one a week back from this date, so the order is stable. */
const REVISED = Date.UTC(2026, 9, 30);
const WEEK = 7 * 24 * 3600 * 1000;

/** An article's rows: the article, and the catalogue models it applies to. */
export function articleRows(
  storefrontId: string,
  article: DemoArticle,
  number: string,
  updatedAt: Date,
  skuOf: ReadonlyMap<string, string>,
) {
  const id = randomUUID();
  return {
    article: {
      id,
      storefrontId,
      number,
      title: article.title,
      category: article.category,
      symptoms: article.symptoms.join('\n'),
      cause: article.cause,
      resolution: article.steps.join('\n'),
      published: !article.draft,
      updatedAt,
    },
    models: [...new Set(article.models)].flatMap((name) => {
      const sku = skuOf.get(name);
      return sku ? [{ articleId: id, modelSku: sku, modelName: name }] : [];
    }),
  };
}

/** KB-000101 …: support quotes an article by its number. */
export const articleNumber = (index: number) => `KB-${String(101 + index).padStart(6, '0')}`;

/** The SKUs of instrument models by name, in the storefront's Full catalogue. */
export async function modelSkus(db: CrmDb, storefrontId: string, names: readonly string[]) {
  const models = await fullCatalogueModels(db, storefrontId, { names });
  return new Map(models.map((model) => [model.name, model.sku]));
}

/**
 * The demo knowledge base, for each storefront that has no article yet (a data dir seeded before gets it at
 * its next start; once a storefront has articles, they are its own).
 */
export async function addDemoKnowledgeArticles(db: CrmDb): Promise<void> {
  const storefronts = await db.select({ id: schema.storefronts.id }).from(schema.storefronts);
  const having = await db
    .selectDistinct({ storefrontId: schema.knowledgeArticles.storefrontId })
    .from(schema.knowledgeArticles);
  const done = new Set(having.map((row) => row.storefrontId));
  const names = [...new Set(DEMO_ARTICLES.flatMap((article) => article.models))];
  for (const { id: storefrontId } of storefronts) {
    if (done.has(storefrontId)) continue;
    const skuOf = await modelSkus(db, storefrontId, names);
    if (skuOf.size === 0) continue;
    const rows = DEMO_ARTICLES.map((article, index) =>
      articleRows(storefrontId, article, articleNumber(index), new Date(REVISED - index * WEEK), skuOf),
    );
    await db.insert(schema.knowledgeArticles).values(rows.map((row) => row.article));
    const models = rows.flatMap((row) => row.models);
    if (models.length > 0) await db.insert(schema.knowledgeArticleModels).values(models);
    await recordArticleTerms(db, storefrontId);
    await db.insert(schema.knowledgeArticleAttachments).values(
      await Promise.all(
        rows.slice(0, ARTICLES_WITH_PROCEDURES).map(async ({ article }) => ({
          id: randomUUID(),
          articleId: article.id,
          fileName: procedureFileName(article.number),
          contentType: 'application/pdf',
          content: Buffer.from(
            await renderProcedurePdf({
              number: article.number,
              title: article.title,
              cause: article.cause,
              steps: article.resolution.split('\n'),
            }),
          ),
        })),
      ),
    );
  }
}
