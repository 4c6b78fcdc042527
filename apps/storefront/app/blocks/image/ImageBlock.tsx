import { CmsLink } from '../../components/CmsLink';
import { safeHref } from '../../lib/paths';
import type { BlockProps } from '../types';

/**
 * An image with its alt text, an optional caption and link. The page's lead image (a hero) loads at once and
 * first; the others wait until they near the screen.
 */
export function ImageBlock({ block, fields, page }: BlockProps<'image'>) {
  const src = safeHref(fields.src);
  if (src === null) return null;
  const lead = page.leadImage === block.blockId;
  const image = (
    <img
      src={src}
      alt={fields.alt}
      width={fields.width}
      height={fields.height}
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead ? 'high' : 'auto'}
      decoding="async"
      className="image-block__img"
    />
  );
  return (
    <figure className="image-block">
      {fields.link ? (
        <CmsLink link={fields.link}>
          {image}
          <span className="visually-hidden">{fields.link.label}</span>
        </CmsLink>
      ) : (
        image
      )}
      {fields.caption && <figcaption className="image-block__caption">{fields.caption}</figcaption>}
    </figure>
  );
}
