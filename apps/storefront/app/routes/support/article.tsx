import { SUPPORT_PATH } from '@storefront/contracts/crm-knowledge';
import { Link } from 'react-router';
import { AttachmentLink } from '../../components/AttachmentLink';
import { ownRecord } from '../../features/requests/requests.server';
import { accountScope, crmCall } from '../../lib/crm.server';
import { formatMoment } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/article';
import styles from './support.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.article.number}: ${loaderData.article.title}` : 'Support article' },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const article = await ownRecord(
    () =>
      crmCall(session, 'getKnowledgeDetail', { ...accountScope(session), articleId: args.params.articleId }),
    'article',
  );
  // Back to the search it came from, with its symptoms and instrument, where the case form is pre-filled.
  const back = `${SUPPORT_PATH}${args.url.search}`;
  return { article, back };
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, back } = loaderData;
  return (
    <article className="support support-article" aria-labelledby="article-heading">
      <p>
        <Link to={back}>Back to the search</Link>
      </p>
      <h1 id="article-heading">{article.title}</h1>
      <p className="support-result__meta">
        {article.number} · {article.category} · updated {formatMoment(article.updatedAt)}
      </p>
      {article.models.length > 0 && <p>Applies to: {article.models.map((model) => model.name).join('; ')}</p>}
      <h2>Symptoms</h2>
      <ul>
        {article.symptoms.map((symptom) => (
          <li key={symptom}>{symptom}</li>
        ))}
      </ul>
      <h2>Cause</h2>
      <p>{article.cause}</p>
      <h2>Resolution</h2>
      <ol className="support-article__steps">
        {article.resolutionSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {article.attachments.length > 0 && (
        <>
          <h2>Files</h2>
          <ul className="support-article__files">
            {article.attachments.map((file) => (
              <li key={file.id}>
                <AttachmentLink
                  href={`${SUPPORT_PATH}/articles/${article.id}/files/${file.id}`}
                  fileName={file.fileName}
                  contentType={file.contentType}
                />{' '}
                <span className="support-result__meta">({Math.max(1, Math.round(file.size / 1024))} KB)</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <section className="support-case" aria-labelledby="article-help-heading">
        <h2 id="article-help-heading">Still need help?</h2>
        <p>
          If these steps did not solve it, <Link to={`${back}#case-heading`}>open a case</Link> with your
          symptoms and instrument already filled in.
        </p>
      </section>
    </article>
  );
}
