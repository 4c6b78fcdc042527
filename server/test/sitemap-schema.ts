import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const schemaFile = (fileName: string) => ({
  fileName,
  contents: readFileSync(new URL(`./sitemaps-org/${fileName}`, import.meta.url), 'utf8'),
});

/**
 * What libxml2 finds wrong with a sitemap (`urlset`) or sitemap index against the sitemaps.org 0.9 schemas
 * kept beside this file; empty when it is valid. Offline: the schemas are files, not URLs.
 */
export async function sitemapSchemaErrors(xml: string, kind: 'urlset' | 'index'): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [schemaFile(kind === 'urlset' ? 'sitemap.xsd' : 'siteindex.xsd')],
  });
  return result.errors.map((error) => error.rawMessage);
}
