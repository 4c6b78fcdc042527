import { Fragment } from 'react';
import { fillPlaceholders, textLines } from '../lib/placeholders';

interface CmsTextProps {
  text: string;
  /** Values of {!name} placeholders; unknown ones render empty. */
  values?: Readonly<Record<string, string>>;
}

/**
 * CMS text as React text (so markup such as <script> stays text) with a <br> at each line break (spec P§5).
 * Never dangerouslySetInnerHTML.
 */
export function CmsText({ text, values = {} }: CmsTextProps) {
  const lines = textLines(fillPlaceholders(text, values));
  return (
    <>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text never reorder.
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}
