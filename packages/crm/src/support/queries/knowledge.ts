import { SNIPPET_MARKS } from '@storefront/contracts';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  knowledgeArticleAttachments,
  knowledgeArticleModels,
  knowledgeArticles,
  knowledgeTerms,
  supportCaseFilings,
} from '../../db/schema';

export type KnowledgeArticleRow = Omit<typeof knowledgeArticles.$inferSelect, 'search' | 'searchText'>;
export type ArticleModelRow = typeof knowledgeArticleModels.$inferSelect;

/** The shortest word that is corrected when misspelt: shorter ones are alike to too many. */
const FUZZY_MIN = 4;
/** The most words of a search that count: a pasted error log should not build a query of hundreds. */
const MAX_WORDS = 24;

const article = {
  id: knowledgeArticles.id,
  storefrontId: knowledgeArticles.storefrontId,
  number: knowledgeArticles.number,
  title: knowledgeArticles.title,
  category: knowledgeArticles.category,
  symptoms: knowledgeArticles.symptoms,
  cause: knowledgeArticles.cause,
  resolution: knowledgeArticles.resolution,
  published: knowledgeArticles.published,
  updatedAt: knowledgeArticles.updatedAt,
};

/** The words of a search, lower case, each once, in the order typed. */
export function searchWords(symptoms: string): string[] {
  const words = symptoms.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

export interface ArticleSearch {
  storefrontId: string;
  symptoms: string;
  modelSku?: string;
  category?: string;
  limit: number;
}

export interface ArticleHit {
  article: KnowledgeArticleRow;
  snippet: string;
}

/**
 * The published articles matching the symptoms, best first. Any word may match (a person describes more
 * than the article says), stemmed by the 'english' configuration ("clogging" finds "clogged"); a word the
 * articles do not use is also read as the article word most like it (trigram likeness), so a misspelt word
 * still finds its article. The rank is the cover density of the matches, weighted title > symptoms > cause >
 * resolution; both the match and the correction use an index, so the cost grows with the matches, not the
 * size of the knowledge base.
 */
export async function searchArticles(db: CrmDb, search: ArticleSearch): Promise<ArticleHit[]> {
  const typed = searchWords(search.symptoms);
  if (typed.length === 0) return [];
  const words = [...typed, ...(await correctedWords(db, search.storefrontId, typed))];
  // Each word its own plainto_tsquery, joined with OR: the words travel as parameters, never as query syntax.
  const query = sql.join(
    words.map((word) => sql`plainto_tsquery('english', ${word})`),
    sql` || `,
  );
  const rank = sql<number>`ts_rank_cd(${knowledgeArticles.search}, ${query})`;
  const ranked = await db
    .select({ id: knowledgeArticles.id })
    .from(knowledgeArticles)
    .where(
      and(
        eq(knowledgeArticles.storefrontId, search.storefrontId),
        eq(knowledgeArticles.published, true),
        sql`${knowledgeArticles.search} @@ (${query})`,
        search.category ? eq(knowledgeArticles.category, search.category) : undefined,
        search.modelSku ? appliesTo(search.modelSku) : undefined,
      ),
    )
    .orderBy(desc(rank), desc(knowledgeArticles.updatedAt), asc(knowledgeArticles.number))
    .limit(search.limit);
  if (ranked.length === 0) return [];
  // The snippets of the few articles answered only: ts_headline reads the whole text.
  const snippet = sql<string>`ts_headline('english', replace(${knowledgeArticles.symptoms}, E'\n', ' · '), ${query}, ${`StartSel=${SNIPPET_MARKS.start}, StopSel=${SNIPPET_MARKS.stop}, MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`})`;
  const rows = await db
    .select({ ...article, snippet })
    .from(knowledgeArticles)
    .where(
      inArray(
        knowledgeArticles.id,
        ranked.map((row) => row.id),
      ),
    );
  const byId = new Map(rows.map(({ snippet, ...row }) => [row.id, { article: row, snippet }]));
  return ranked.flatMap((row) => byId.get(row.id) ?? []);
}

/**
 * For each typed word the articles do not use, the article word most like it: pg_trgm's `%` (similarity at
 * least its threshold, 0.3) finds the candidates through the terms' trigram index; none when nothing is alike
 * enough.
 */
async function correctedWords(db: CrmDb, storefrontId: string, words: readonly string[]): Promise<string[]> {
  const fuzzy = words.filter((word) => word.length >= FUZZY_MIN);
  if (fuzzy.length === 0) return [];
  const likeness = sql.join(
    fuzzy.map((word) => sql`similarity(${knowledgeTerms.term}, ${word})`),
    sql`, `,
  );
  const candidates = await db
    .select({ term: knowledgeTerms.term, likeness: sql<number[]>`array[${likeness}]::real[]` })
    .from(knowledgeTerms)
    .where(
      and(
        eq(knowledgeTerms.storefrontId, storefrontId),
        or(...fuzzy.map((word) => sql`${knowledgeTerms.term} % ${word}`)),
      ),
    );
  return fuzzy.flatMap((word, index) => {
    if (candidates.some((candidate) => candidate.term === word)) return [];
    const best = candidates.reduce<{ term: string; likeness: number } | null>((found, candidate) => {
      const score = Number(candidate.likeness[index] ?? 0);
      return score > (found?.likeness ?? 0) ? { term: candidate.term, likeness: score } : found;
    }, null);
    return best ? [best.term] : [];
  });
}

/**
 * Adds the words of the storefront's articles to its terms (after articles are written); a word no article
 * uses any more only makes a correction find nothing.
 */
export async function recordArticleTerms(db: CrmDb, storefrontId: string): Promise<void> {
  await db.execute(sql`
    insert into ${knowledgeTerms} (storefront_id, term)
    select distinct ${storefrontId}, word
    from ${knowledgeArticles},
      regexp_split_to_table(lower(title || ' ' || symptoms || ' ' || cause || ' ' || resolution), '[^[:alnum:]]+') as word
    where ${knowledgeArticles.storefrontId} = ${storefrontId} and length(word) >= ${FUZZY_MIN}
    on conflict do nothing`);
}

function appliesTo(modelSku: string): SQL {
  return sql`exists (select 1 from ${knowledgeArticleModels} where ${knowledgeArticleModels.articleId} = ${knowledgeArticles.id} and ${knowledgeArticleModels.modelSku} = ${modelSku})`;
}

export async function findArticle(db: CrmDb, articleId: string): Promise<KnowledgeArticleRow | undefined> {
  const [row] = await db.select(article).from(knowledgeArticles).where(eq(knowledgeArticles.id, articleId));
  return row;
}

/** The models each article applies to, by article id. */
export async function modelsOf(db: CrmDb, articleIds: string[]): Promise<Map<string, ArticleModelRow[]>> {
  const byArticle = new Map<string, ArticleModelRow[]>();
  if (articleIds.length === 0) return byArticle;
  const rows = await db
    .select()
    .from(knowledgeArticleModels)
    .where(inArray(knowledgeArticleModels.articleId, articleIds))
    .orderBy(asc(knowledgeArticleModels.modelName));
  for (const row of rows) byArticle.set(row.articleId, [...(byArticle.get(row.articleId) ?? []), row]);
  return byArticle;
}

/** The categories of the storefront's published articles, and how many there are. */
export async function knowledgeOverview(db: CrmDb, storefrontId: string) {
  const rows = await db
    .select({ category: knowledgeArticles.category, articles: count() })
    .from(knowledgeArticles)
    .where(and(eq(knowledgeArticles.storefrontId, storefrontId), eq(knowledgeArticles.published, true)))
    .groupBy(knowledgeArticles.category)
    .orderBy(asc(knowledgeArticles.category));
  return {
    categories: rows.map((row) => row.category),
    publishedArticles: rows.reduce((sum, row) => sum + row.articles, 0),
  };
}

export async function insertCaseFiling(db: CrmDb, filing: typeof supportCaseFilings.$inferInsert) {
  await db.insert(supportCaseFilings).values(filing);
}

/** An article's files, without their content, by name. */
export function attachmentsOf(db: CrmDb, articleId: string) {
  return db
    .select({
      id: knowledgeArticleAttachments.id,
      fileName: knowledgeArticleAttachments.fileName,
      contentType: knowledgeArticleAttachments.contentType,
      size: sql<number>`octet_length(${knowledgeArticleAttachments.content})`.mapWith(Number),
    })
    .from(knowledgeArticleAttachments)
    .where(eq(knowledgeArticleAttachments.articleId, articleId))
    .orderBy(asc(knowledgeArticleAttachments.fileName));
}

/** One file of an article, with its content. */
export async function findAttachment(db: CrmDb, articleId: string, attachmentId: string) {
  const [row] = await db
    .select()
    .from(knowledgeArticleAttachments)
    .where(
      and(
        eq(knowledgeArticleAttachments.id, attachmentId),
        eq(knowledgeArticleAttachments.articleId, articleId),
      ),
    )
    .limit(1);
  return row;
}
