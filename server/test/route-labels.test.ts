import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeLabeller } from '../src/route-labels';

/** A route table shaped as the build lists it: flat, each route naming its parent. */
const manifest = {
  root: { id: 'root', path: '' },
  index: { id: 'index', parentId: 'root', index: true },
  product: {
    id: 'product-productTemplateId-productId',
    parentId: 'root',
    path: 'product/:productTemplateId/:productId',
  },
  page: { id: 'page', parentId: 'root', path: ':page' },
  billing: { id: 'billing', parentId: 'root', path: 'billing' },
  account: { id: 'billing-account', parentId: 'billing', path: 'account' },
} as unknown as ServerBuild['routes'];

const label = routeLabeller({ routes: manifest });

describe('the route label of a request', () => {
  it('is the route id a page matches, whatever ids its path carries', () => {
    expect(label('/')).toBe('index');
    expect(label('/product/tpl-1/FCA-10001')).toBe('product-productTemplateId-productId');
    expect(label('/product/tpl-2/FCA-99999')).toBe('product-productTemplateId-productId');
    expect(label('/billing/account')).toBe('billing-account');
    expect(label('/about-us')).toBe('page');
  });

  it("is its page's for a client navigation's data request", () => {
    expect(label('/product/tpl-1/FCA-10001.data')).toBe('product-productTemplateId-productId');
    expect(label('/_root.data')).toBe('index');
  });

  it('names the part of the server that answers beside the pages', () => {
    expect(label('/graphql')).toBe('graphql');
    expect(label('/services/apexrest/ecommerce')).toBe('crm');
    expect(label('/identity/us-east-1_abc/.well-known/jwks.json')).toBe('identity');
    expect(label('/assets/entry-abc123.js')).toBe('assets');
    expect(label('/health/ready')).toBe('readiness');
    expect(label('/metrics')).toBe('metrics');
  });

  it('is one label for any path no route takes', () => {
    expect(label('/no/such/deep/path')).toBe('unmatched');
    expect(label('/another/made/up/one')).toBe('unmatched');
  });
});
