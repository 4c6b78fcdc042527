/**
 * The old storefront's paths (spec P§2: about 130), answered 301 with the new path when the request's host
 * contains the company's domain, so links and bookmarks into the old site keep working. Data only: every
 * entry is checked by the tests. Keys are compared lower-case and without a trailing slash.
 */

/** The new paths the old site's pages moved to (spec P§2). */
export const LEGACY_TARGETS = {
  home: '/home/',
  signOn: '/signon/',
  flow: '/flow_consumables/',
  imaging: '/imaging_consumables/',
  genomics: '/genomics_consumables/',
  genomicsService: '/genomics_service/',
} as const;

/** The old site's section pages, by the new page they moved to. */
export const LEGACY_SECTION_PATHS: Readonly<Record<keyof typeof LEGACY_TARGETS, readonly string[]>> = {
  home: [
    '/index.html',
    '/index.htm',
    '/index.php',
    '/default.aspx',
    '/home.html',
    '/home.aspx',
    '/en',
    '/en-us',
    '/en-us/home',
    '/us/en/home.html',
    '/welcome',
    '/shop',
  ],
  signOn: [
    '/login.aspx',
    '/login.html',
    '/signin',
    '/sign-in',
    '/logon',
    '/account/login',
    '/customer/account/login',
    '/myaccount',
    '/my-account',
    '/user/login',
    '/portal/login',
    '/en-us/login',
  ],
  flow: [
    '/flow-cytometry-reagents',
    '/products/flow-cytometry',
    '/products/flow-cytometry/antibodies',
    '/products/flow-cytometry/reagents',
    '/products/flow-cytometry/buffers',
    '/catalog/flow-cytometry',
    '/en-us/products/flow-cytometry',
    '/flow/antibodies',
    '/flow/reagents',
    '/antibodies',
    '/reagents',
    '/research-reagents/flow-cytometry',
    '/shop/flow',
    '/cytometry',
  ],
  imaging: [
    '/products/imaging',
    '/products/imaging/slides',
    '/products/imaging/mounting-media',
    '/catalog/imaging',
    '/en-us/products/imaging',
    '/imaging',
    '/microscopy-consumables',
    '/shop/imaging',
  ],
  genomics: [
    '/products/genomics',
    '/products/genomics/ngs-library-prep',
    '/products/genomics/pcr',
    '/products/genomics/nucleic-acid-extraction',
    '/catalog/genomics',
    '/en-us/products/genomics',
    '/genomics',
    '/ngs',
    '/shop/genomics',
  ],
  genomicsService: [
    '/services/genomics',
    '/services/sequencing',
    '/genomics-services',
    '/sequencing-services',
    '/en-us/services/genomics',
    '/ngs-services',
  ],
};

/** The old site's product pages and the SKU each showed; the new path finds the product by its SKU. */
export const LEGACY_PRODUCT_PATHS: readonly (readonly [path: string, sku: string])[] = [
  ['/products/cd3-monoclonal-antibody-ucht1-fitc.html', 'FCA-10001'],
  ['/products/cd3-monoclonal-antibody-ucht1-pe.html', 'FCA-10002'],
  ['/products/cd3-monoclonal-antibody-ucht1-apc.html', 'FCA-10003'],
  ['/products/cd3-monoclonal-antibody-ucht1-percp-cy5-5.html', 'FCA-10004'],
  ['/products/cd3-monoclonal-antibody-ucht1-pe-cy7.html', 'FCA-10005'],
  ['/products/cd3-monoclonal-antibody-ucht1-brilliant-violet-421.html', 'FCA-10006'],
  ['/products/cd3-monoclonal-antibody-ucht1-alexa-fluor-647.html', 'FCA-10007'],
  ['/products/cd3-monoclonal-antibody-ucht1-purified.html', 'FCA-10008'],
  ['/products/cd4-monoclonal-antibody-rpa-t4-fitc.html', 'FCA-10009'],
  ['/products/cd4-monoclonal-antibody-rpa-t4-pe.html', 'FCA-10010'],
  ['/products/cd4-monoclonal-antibody-rpa-t4-apc.html', 'FCA-10011'],
  ['/products/cd4-monoclonal-antibody-rpa-t4-percp-cy5-5.html', 'FCA-10012'],
  ['/products/cd4-monoclonal-antibody-rpa-t4-pe-cy7.html', 'FCA-10013'],
  ['/products/cd4-monoclonal-antibody-rpa-t4-brilliant-violet-421.html', 'FCA-10014'],
  ['/products/cd4-monoclonal-antibody-rpa-t4-alexa-fluor-647.html', 'FCA-10015'],
  ['/products/cd4-monoclonal-antibody-rpa-t4-purified.html', 'FCA-10016'],
  ['/products/cd8-monoclonal-antibody-sk1-fitc.html', 'FCA-10017'],
  ['/products/cd8-monoclonal-antibody-sk1-pe.html', 'FCA-10018'],
  ['/products/cd8-monoclonal-antibody-sk1-apc.html', 'FCA-10019'],
  ['/products/cd8-monoclonal-antibody-sk1-percp-cy5-5.html', 'FCA-10020'],
  ['/products/cd8-monoclonal-antibody-sk1-pe-cy7.html', 'FCA-10021'],
  ['/products/cd8-monoclonal-antibody-sk1-brilliant-violet-421.html', 'FCA-10022'],
  ['/products/cd8-monoclonal-antibody-sk1-alexa-fluor-647.html', 'FCA-10023'],
  ['/products/cd8-monoclonal-antibody-sk1-purified.html', 'FCA-10024'],
  ['/products/annexin-v-apoptosis-detection-kit-fitc-50-tests.html', 'FCR-10001'],
  ['/products/annexin-v-apoptosis-detection-kit-fitc-100-tests.html', 'FCR-10002'],
  ['/products/annexin-v-apoptosis-detection-kit-pe-50-tests.html', 'FCR-10003'],
  ['/products/annexin-v-apoptosis-detection-kit-pe-100-tests.html', 'FCR-10004'],
  ['/products/annexin-v-apoptosis-detection-kit-apc-50-tests.html', 'FCR-10005'],
  ['/products/annexin-v-apoptosis-detection-kit-apc-100-tests.html', 'FCR-10006'],
  ['/products/annexin-v-apoptosis-detection-kit-brilliant-violet-421-50-tests.html', 'FCR-10007'],
  ['/products/annexin-v-apoptosis-detection-kit-brilliant-violet-421-100-tests.html', 'FCR-10008'],
  ['/products/ngs-library-prep-kit-24-reactions.html', 'GNK-10001'],
  ['/products/ngs-library-prep-kit-96-reactions.html', 'GNK-10002'],
  ['/products/pcr-free-dna-library-prep-kit-24-reactions.html', 'GNK-10003'],
  ['/products/pcr-free-dna-library-prep-kit-96-reactions.html', 'GNK-10004'],
  ['/products/stranded-mrna-library-prep-kit-24-reactions.html', 'GNK-10005'],
  ['/products/stranded-mrna-library-prep-kit-96-reactions.html', 'GNK-10006'],
  ['/products/total-rna-library-prep-kit-with-rrna-depletion-24-reactions.html', 'GNK-10007'],
  ['/products/total-rna-library-prep-kit-with-rrna-depletion-96-reactions.html', 'GNK-10008'],
  ['/products/small-rna-library-prep-kit.html', 'GNK-10009'],
  ['/products/single-cell-3-gene-expression-kit-4-reactions.html', 'GNK-10010'],
  ['/products/chamber-slide-1-well.html', 'IMC-10001'],
  ['/products/chamber-slide-2-well.html', 'IMC-10002'],
  ['/products/chamber-slide-4-well.html', 'IMC-10003'],
  ['/products/chamber-slide-8-well.html', 'IMC-10004'],
  ['/products/glass-bottom-dish-35-mm.html', 'IMC-10005'],
  ['/products/glass-bottom-dish-50-mm.html', 'IMC-10006'],
  ['/products/96-well-black-clear-bottom-imaging-plate-10-pk.html', 'APL-10001'],
  ['/products/96-well-black-clear-bottom-imaging-plate-50-pk.html', 'APL-10002'],
  ['/products/384-well-black-clear-bottom-imaging-plate-10-pk.html', 'APL-10003'],
  ['/products/384-well-black-clear-bottom-imaging-plate-50-pk.html', 'APL-10004'],
  ['/products/96-well-glass-bottom-plate-10-pk.html', 'APL-10005'],
  ['/products/96-well-glass-bottom-plate-50-pk.html', 'APL-10006'],
  ['/products/96-well-clear-flat-bottom-plate-tc-treated-10-pk.html', 'APL-10007'],
  ['/products/96-well-clear-flat-bottom-plate-tc-treated-50-pk.html', 'APL-10008'],
  ['/products/benchtop-flow-cytometer-2-laser.html', 'INS-10001'],
  ['/products/benchtop-flow-cytometer-3-laser.html', 'INS-10002'],
  ['/products/benchtop-flow-cytometer-4-laser.html', 'INS-10003'],
  ['/products/spectral-flow-cytometer-5-laser.html', 'INS-10004'],
  ['/products/cell-sorter-4-way-4-laser.html', 'INS-10005'],
  ['/products/imaging-flow-cytometer.html', 'INS-10006'],
  ['/products/fluidics-pump-assembly.html', 'IPA-10001'],
  ['/products/flow-cell-assembly.html', 'IPA-10002'],
  ['/products/sample-injection-probe.html', 'IPA-10003'],
  ['/products/sheath-fluid-tank-10-l.html', 'IPA-10004'],
  ['/products/waste-tank-10-l.html', 'IPA-10005'],
  ['/products/laser-module-405-nm.html', 'IPA-10006'],
  ['/products/extended-warranty-flow-cytometer-1-year.html', 'SVC-10001'],
  ['/products/extended-warranty-cell-sorter-1-year.html', 'SVC-10002'],
];

/** Where an old product page moved: the product page of that SKU, found by the storefront (spec P§2). */
export const legacyProductTarget = (sku: string) =>
  `/product_detail/guest-catalog/${encodeURIComponent(sku)}`;

const normalise = (path: string) => path.toLowerCase().replace(/(.)\/+$/, '$1');

const LEGACY_MAP: ReadonlyMap<string, string> = new Map([
  ...Object.entries(LEGACY_SECTION_PATHS).flatMap(([section, paths]) =>
    paths.map((path): [string, string] => [
      normalise(path),
      LEGACY_TARGETS[section as keyof typeof LEGACY_TARGETS],
    ]),
  ),
  ...LEGACY_PRODUCT_PATHS.map(([path, sku]): [string, string] => [normalise(path), legacyProductTarget(sku)]),
]);

/**
 * The new location of an old path (its query kept), or null: not the company's host, or no old path.
 * `companyDomain` empty turns the redirects off.
 */
export function legacyRedirect(url: URL, companyDomain: string): string | null {
  const domain = companyDomain.toLowerCase();
  if (!domain || !url.hostname.toLowerCase().includes(domain)) return null;
  const target = LEGACY_MAP.get(normalise(url.pathname));
  return target ? `${target}${url.search}` : null;
}
