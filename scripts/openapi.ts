/**
 * `npm run openapi`: writes the published contracts to docs/openapi/<name>.json from the zod schemas
 * (packages/contracts/src/openapi.ts). A test fails while the files and the schemas differ.
 */
import { writeFile } from 'node:fs/promises';
import { OPENAPI_DOCUMENTS, type OpenApiDocumentName, openApiJson } from '@storefront/contracts/openapi';

for (const name of Object.keys(OPENAPI_DOCUMENTS) as OpenApiDocumentName[]) {
  const file = new URL(`../docs/openapi/${name}.json`, import.meta.url);
  await writeFile(file, openApiJson(name));
  console.log(`wrote docs/openapi/${name}.json`);
}
