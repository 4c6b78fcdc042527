import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { listClientFiles, staticFiles } from '../src/static-files';

describe('the client build served from its list of files', () => {
  const root = mkdtempSync(join(tmpdir(), 'client-build-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'images', 'products'), { recursive: true });
  writeFileSync(join(root, 'assets', 'entry-3f2a.js'), 'console.log(1)');
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(join(root, 'images', 'products', 'sorter.png'), 'png');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const files = listClientFiles(root);
  const app = new Hono<{ Variables: { route: string } }>();
  app.use('/assets/*', staticFiles(root, files, 'public, max-age=31536000, immutable'));
  app.use('*', staticFiles(root, files, 'public, max-age=3600'));
  app.get('*', (c) => c.text(`page ${c.req.path}`));

  it('lists every file of the build as its URL path, in subfolders too', () => {
    expect([...files].sort()).toEqual([
      '/assets/entry-3f2a.js',
      '/favicon.svg',
      '/images/products/sorter.png',
    ]);
  });

  it('answers a listed file with its content and cache policy', async () => {
    const asset = await app.request('/assets/entry-3f2a.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log(1)');
    const icon = await app.request('/images/products/sorter.png');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('leaves pages, folders and paths outside the build to the pages', async () => {
    for (const path of ['/', '/product/sorter', '/images', '/assets/missing.js', '/../package.json'])
      expect(await (await app.request(path)).text()).toMatch(/^page /);
  });

  it('serves a file added after start-up as a page would be (the build does not change while serving)', async () => {
    writeFileSync(join(root, 'late.txt'), 'late');
    expect(await (await app.request('/late.txt')).text()).toBe('page /late.txt');
  });
});
