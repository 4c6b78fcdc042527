import { CmsLink } from '../../components/CmsLink';
import { CmsText } from '../../components/CmsText';
import type { BlockProps } from '../types';

/** A heading and text with {!name} placeholders and line breaks, escaped as text. */
export function RichText({ fields, page }: BlockProps<'richText'>) {
  const Heading = `h${fields.headingLevel}` as const;
  return (
    <div className={`rich-text rich-text--${fields.align}`}>
      {fields.heading && (
        <Heading className="rich-text__heading">
          <CmsText text={fields.heading} values={page.placeholders} />
        </Heading>
      )}
      {fields.text && (
        <p className="rich-text__text">
          <CmsText text={fields.text} values={page.placeholders} />
        </p>
      )}
      {fields.link && (
        <CmsLink link={fields.link} className="button">
          {fields.link.label}
        </CmsLink>
      )}
    </div>
  );
}
