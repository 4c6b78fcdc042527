import { type KnowledgeArticleSummary, SNIPPET_MARKS } from '@storefront/contracts/crm-knowledge';
import { Link } from 'react-router';

/** The snippet's marked words as <mark>, the rest as text (never HTML from the CRM). */
export function Snippet({ text }: { text: string }) {
  const parts = text.split(SNIPPET_MARKS.start);
  return (
    <>
      {parts.map((part, index) => {
        if (index === 0) return part;
        const [marked = '', rest = ''] = part.split(SNIPPET_MARKS.stop);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
          <span key={index}>
            <mark>{marked}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}

/** One search result: the article's title (its link), number, category, matched symptoms and models. */
export function ArticleCard({ article, href }: { article: KnowledgeArticleSummary; href: string }) {
  return (
    <li className="support-result">
      <h3 className="support-result__title">
        <Link to={href}>{article.title}</Link>
      </h3>
      <p className="support-result__meta">
        {article.number} · {article.category}
      </p>
      <p className="support-result__snippet">
        <Snippet text={article.snippet} />
      </p>
      {article.models.length > 0 && (
        <p className="support-result__models">For: {article.models.map((model) => model.name).join('; ')}</p>
      )}
    </li>
  );
}
