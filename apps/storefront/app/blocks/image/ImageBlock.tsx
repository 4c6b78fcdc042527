import { CmsLink } from '../../components/CmsLink';
import { safeHref } from '../../lib/paths';
import type { BlockProps } from '../types';

/** An image with its alt text, an optional caption and link. */
export function ImageBlock({ fields }: BlockProps<'image'>) {
  const src = safeHref(fields.src);
  if (src === null) return null;
  const image = (
    <img
      src={src}
      alt={fields.alt}
      width={fields.width}
      height={fields.height}
      loading="lazy"
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
