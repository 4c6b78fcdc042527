import { createContext, useContext } from 'react';

/** The page's generated product pictures described on the server (PageContext.imageDescriptions). */
export const ImageDescriptions = createContext<Readonly<Record<string, string>>>({});

/** The alt text of a product picture: what a generated picture shows, else `fallback` (the product's name). */
export function useImageAlt(): (url: string, fallback: string) => string {
  const descriptions = useContext(ImageDescriptions);
  return (url, fallback) => (Object.hasOwn(descriptions, url) ? (descriptions[url] ?? fallback) : fallback);
}
