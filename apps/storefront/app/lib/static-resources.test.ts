import { describe, expect, it } from 'vitest';
import { resourceUrl, staticResourceUrl } from './static-resources';

const origin = { resourcesDomain: 'resources.example.com', organizationId: '00D5g000004XyZ' };

describe('staticResourceUrl', () => {
  it('rebuilds the URL from the organisation id and the file name with its kind', () => {
    expect(staticResourceUrl(origin, 'carousel', 'js')).toBe(
      'https://resources.example.com/resource/00D5g000004XyZ/carousel.js',
    );
    expect(staticResourceUrl(origin, 'brand', 'css')).toBe(
      'https://resources.example.com/resource/00D5g000004XyZ/brand.css',
    );
  });

  it('does not double an extension and tolerates a scheme in the domain', () => {
    expect(
      staticResourceUrl({ ...origin, resourcesDomain: 'https://resources.example.com/' }, 'brand.css', 'css'),
    ).toBe('https://resources.example.com/resource/00D5g000004XyZ/brand.css');
  });

  it('encodes the file name', () => {
    expect(staticResourceUrl(origin, '../x y', 'js')).toBe(
      'https://resources.example.com/resource/00D5g000004XyZ/..%2Fx%20y.js',
    );
  });
});

describe('resourceUrl', () => {
  it('uses url as is, else the static resource, else nothing', () => {
    expect(
      resourceUrl(origin, { url: 'https://cdn.example.com/a.js', staticResource: 'ignored' }, 'js'),
    ).toBe('https://cdn.example.com/a.js');
    expect(resourceUrl(origin, { staticResource: 'widget' }, 'js')).toBe(
      'https://resources.example.com/resource/00D5g000004XyZ/widget.js',
    );
    expect(resourceUrl(origin, {}, 'css')).toBeNull();
  });
});
