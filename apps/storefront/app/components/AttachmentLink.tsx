import { isShownAsImage } from '@storefront/contracts/crm-purchase-orders';

/** A picture's thumbnail in a list of files, in CSS pixels. */
const THUMBNAIL_PX = 48;

/**
 * A stored file as a link. Spec C§5 shows some kinds as images: those open in the browser (a picture also
 * drawn small before its name); any other file is a download.
 */
export function AttachmentLink({
  href,
  fileName,
  contentType,
}: {
  href: string;
  fileName: string;
  contentType: string;
}) {
  if (!isShownAsImage(fileName)) {
    return (
      <a href={href} download={fileName}>
        {fileName}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener" className="attachment-link">
      {contentType.startsWith('image/') && (
        <img
          src={href}
          alt=""
          width={THUMBNAIL_PX}
          height={THUMBNAIL_PX}
          loading="lazy"
          className="attachment-link__picture"
        />
      )}
      {fileName}
    </a>
  );
}
