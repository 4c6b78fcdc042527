import { useEffect, useRef } from 'react';

/**
 * Posts a signed request to the payment provider's hosted page as soon as it is rendered. Without script the
 * buyer continues with the button (unless `hidden`: the page then offers its own way on).
 */
export function ProviderRedirect({
  request,
  label,
  className,
}: {
  request: { pageUrl: string; fields: Record<string, string> };
  /** The button's text; none renders the form hidden. */
  label?: string;
  className?: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, []);
  return (
    <form ref={form} method="post" action={request.pageUrl} className={className} hidden={!label}>
      {Object.entries(request.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {label && (
        <button type="submit" className="button">
          {label}
        </button>
      )}
    </form>
  );
}
