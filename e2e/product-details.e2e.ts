import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations } from './support/axe';
import { horizontalOverflow, keepScreenshot } from './support/layout';
import { erpOf } from './support/operations';
import { pdfText } from './support/pdf';
import { catalogue } from './support/storefront';

const CATEGORY = 'Flow Cytometry Antibodies';

/** The first product of the antibody category, opened from its tile. */
async function openFirstAntibody(page: Page): Promise<{ name: string; sku: string; path: string }> {
  await page.goto('/');
  await catalogue.openCategory(page, CATEGORY);
  const link = catalogue.productLinks(page).first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const sku = (await page.locator('.product-detail__facts dd').first().innerText()).trim();
  return { name, sku, path: new URL(page.url()).pathname };
}

/** Downloads what the link names and answers its file name and bytes. */
async function download(page: Page, link: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await file.path();
  return { fileName: file.suggestedFilename(), bytes: await readFile(path) };
}

test('products of one category show pictures of their own, described in their alt text', async ({ page }) => {
  await page.goto('/');
  await catalogue.openCategory(page, CATEGORY);
  const images = page.locator('.product-list__results .product-tile__image');
  const [first, second] = await images.evaluateAll((nodes) =>
    nodes.slice(0, 2).map((node) => {
      const image = node as HTMLImageElement;
      return {
        src: image.getAttribute('src'),
        alt: image.alt,
        loaded: image.complete && image.naturalWidth > 0,
      };
    }),
  );
  expect(first?.src).not.toBe(second?.src);
  expect(first?.alt).toMatch(/^Anti-(human|mouse) .+ antibody vial, clone .+, (.+ conjugate|unconjugated)$/);
  expect(second?.alt).toMatch(/antibody vial/);
  expect(first?.alt).not.toBe(second?.alt);
  await images.first().scrollIntoViewIfNeeded();
  await expect
    .poll(() => images.first().evaluate((node) => (node as HTMLImageElement).naturalWidth))
    .toBe(320);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('a product page shows the specifications table and serves its datasheet and certificates as PDFs', async ({
  page,
}) => {
  const product = await openFirstAntibody(page);
  const clone = /\(([^)]+)\)/.exec(product.name)?.[1] ?? '';
  const specifications = page.getByRole('table', { name: `Specifications of ${product.name}` });
  await expect(specifications.getByRole('row', { name: `Clone ${clone}` })).toBeVisible();
  await expect(specifications.getByRole('rowheader', { name: 'Host species' })).toBeVisible();
  await expect(specifications.getByRole('row', { name: /^Excitation maximum \d{3} nm$/ })).toBeVisible();
  await expect(specifications.getByRole('row', { name: /^Emission maximum \d{3} nm$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`antibody vial, clone ${clone}`) })).toBeVisible();

  const documents = page.getByRole('region', { name: 'Documents' });
  const datasheet = await download(page, documents.getByRole('link', { name: 'Datasheet' }));
  expect(datasheet.fileName).toBe(`${product.sku}-datasheet.pdf`);
  expect(datasheet.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(datasheet.bytes.toString('latin1')).toMatch(/startxref\s+\d+\s+%%EOF\s*$/);
  const datasheetText = pdfText(datasheet.bytes);
  expect(datasheetText).toContain(`SKU ${product.sku}`);
  expect(datasheetText).toContain(clone);

  const sds = await download(page, documents.getByRole('link', { name: 'Safety data sheet' }));
  expect(sds.fileName).toBe(`${product.sku}-sds.pdf`);
  expect(pdfText(sds.bytes)).toContain('Hazards identification');

  const lots = documents.getByRole('table', { name: 'Certificates of analysis' });
  const lotNumber = (await lots.getByRole('rowheader').first().innerText()).trim();
  const certificate = await download(
    page,
    lots.getByRole('link', { name: new RegExp(`^PDF.*Certificate of analysis, lot ${lotNumber}$`) }),
  );
  expect(certificate.fileName).toBe(`${product.sku}-coa-${lotNumber}.pdf`);
  const certificateText = pdfText(certificate.bytes);
  expect(certificate.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(certificateText).toContain(lotNumber);
  expect(certificateText).toContain(product.sku);

  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test("a product page shows the stock and the documents the supplier's catalogue file gives", async ({
  page,
  baseURL,
}) => {
  const product = await openFirstAntibody(page);
  await (await erpOf(page.request, baseURL ?? '')).importCatalogue(
    [
      'sku,stock,documents',
      `${product.sku},BOS:25:3;LEI:15:2;SIN:0:1,"Staining protocol: https://docs.example.com/staining.pdf"`,
    ].join('\r\n'),
  );
  await page.reload();
  await expect(page.getByText('In stock: 40 (ships in 2 days)')).toBeVisible();
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('link', { name: 'Staining protocol' })).toHaveAttribute(
    'href',
    'https://docs.example.com/staining.pdf',
  );
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('documents of an unknown lot or product, and pictures we do not draw, answer 404', async ({
  page,
  request,
}) => {
  const product = await openFirstAntibody(page);
  const slug = product.path.split('/').pop() ?? '';
  const documentResponse = await request.get(`/products/${slug}/documents/datasheet.pdf`);
  expect(documentResponse.status()).toBe(200);
  expect(documentResponse.headers()['content-type']).toBe('application/pdf');
  expect(documentResponse.headers()['x-content-type-options']).toBe('nosniff');
  expect(documentResponse.headers()['content-disposition']).toBe(
    `attachment; filename="${product.sku}-datasheet.pdf"`,
  );
  for (const path of [
    `/products/${slug}/documents/coa-0000-00000.pdf`,
    `/products/no-such-product/documents/datasheet.pdf`,
    `/products/${slug}/documents/invoice.pdf`,
    '/product-images/v1/antibody.svg?target=CD4&colour=red',
    '/product-images/v1/rocket.svg?name=x',
  ])
    expect((await request.get(path)).status(), path).toBe(404);

  const src = await page.locator('.product-detail__image').getAttribute('src');
  const picture = await request.get(src ?? '');
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(picture.headers()['x-content-type-options']).toBe('nosniff');
  expect(picture.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(picture.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(await picture.text()).not.toMatch(/<script|\son\w+=/i);
});

for (const width of [390, 1280]) {
  test(`tiles and the product page fit ${width} px, kept as screenshots`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.goto('/');
    await catalogue.openCategory(page, CATEGORY);
    await page.locator('.product-list__results .product-tile__image').first().scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, testInfo, `category-${width}`);
    await catalogue.productLinks(page).first().click();
    await expect(page.getByRole('region', { name: 'Documents' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, testInfo, `product-${width}`);
  });
}
