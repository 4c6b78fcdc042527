import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { ERROR_STATUSES } from './components/error-pages';
import { BARE_PAGE_PATH } from './lib/paths';

/** Most routes render a template page; ids are the route names of spec P§2 where it names them. */
const templatePage = 'routes/template-page.tsx';

export default [
  index(templatePage, { id: 'index' }),
  ...ERROR_STATUSES.map((status) =>
    route(String(status), 'routes/error-page.tsx', { id: `error-${status}` }),
  ),
  route(BARE_PAGE_PATH.slice(1), 'routes/bare.tsx', { id: 'bare' }),
  route('login', 'routes/login.tsx', { id: 'login' }),
  route('changePassword', 'routes/change-password.tsx', { id: 'changePassword' }),
  route('api/cart', 'features/cart/cart-api.ts', { id: 'api-cart' }),
  route('api/cart/export', 'features/cart/cart-export.ts', { id: 'api-cart-export' }),
  route('api/requisition-lists', 'features/requisition-lists/add-to-list-api.ts', {
    id: 'api-requisition-lists',
  }),
  route('api/checkout/submit', 'features/checkout/submit.ts', { id: 'api-checkout-submit' }),
  route('api/catalogue-filters', 'features/catalogue-filters/saved-filters-api.ts', {
    id: 'api-catalogue-filters',
  }),
  route('checkout/confirmation/:orderNumber', 'features/checkout/confirmation.tsx', {
    id: 'checkout-confirmation',
  }),
  route('api/files/:cvId', 'features/checkout/po-file-download.ts', { id: 'api-files-cvId' }),
  route('api/requests/:requestId/attachments', 'features/requests/request-attachments.ts', {
    id: 'api-request-attachments',
  }),
  route('api/attachments/:attachmentId', 'features/requests/attachment-download.ts', {
    id: 'api-attachments-attachmentId',
  }),
  // What search engines read (docs/decisions/0045): per storefront, for its host.
  route('robots.txt', 'features/search-engines/robots.ts', { id: 'robots' }),
  route('sitemap.xml', 'features/search-engines/sitemap.ts', { id: 'sitemap' }),
  route('sitemaps/:file', 'features/search-engines/sitemap.ts', { id: 'sitemap-part' }),
  route('product-images/v1/:file', 'features/product-media/product-image.ts', { id: 'product-image' }),
  route('products/:slug/documents/:file', 'features/product-documents/product-document.ts', {
    id: 'product-document',
  }),
  // Invoice downloads (issue 13): the list's CSV and an invoice's PDF, to the account acted for only.
  route('billing/enhancedList/export', 'features/invoices/invoices-export.ts', {
    id: 'billing-invoices-export',
  }),
  route('viewInvoice/pdf', 'features/invoices/invoice-pdf.ts', { id: 'viewInvoice-pdf' }),
  // The account's orders as CSV (issue 32), with the list's query string.
  route('billing/orders/export', 'features/orders/orders-export.ts', { id: 'billing-orders-export' }),
  // One invoice (spec P§2 /viewInvoice) shows in the account area's layout, beside its navigation.
  layout('routes/billing/layout.tsx', { id: 'billing-invoice' }, [
    route('viewInvoice', 'routes/billing/view-invoice.tsx', { id: 'viewInvoice' }),
  ]),
  route('api/cases/:caseId/attachments', 'features/support/case-attachments.ts', {
    id: 'api-case-attachments',
  }),
  route('support/search', 'features/support/support-search.ts', { id: 'support-search' }),
  route('support/articles/:articleId/files/:attachmentId', 'features/support/article-attachment.ts', {
    id: 'support-article-file',
  }),
  // The support page (knowledge search by symptoms, cases) shows in the account area's layout.
  layout('routes/billing/layout.tsx', { id: 'billing-support' }, [
    route('support', 'routes/support/support.tsx', { id: 'support' }),
    route('support/articles/:articleId', 'routes/support/article.tsx', { id: 'support-article' }),
  ]),
  // The account area (spec P§2 /billing/*): each page is a child of the layout that requires sign-in.
  route('billing', 'routes/billing/layout.tsx', { id: 'billing' }, [
    route('manageusers', 'routes/billing/manage-users.tsx', { id: 'billing-manageusers' }),
    route('notifications', 'routes/billing/notifications.tsx', { id: 'billing-notifications' }),
    route('account', 'routes/billing/account.tsx', { id: 'billing-account' }),
    route('profile', 'routes/billing/profile.tsx', { id: 'billing-profile' }),
    route('shippingaddress', 'routes/billing/shipping-address.tsx', { id: 'billing-shippingaddress' }),
    route('shippingmethods', 'routes/billing/shipping-methods.tsx', { id: 'billing-shippingmethods' }),
    route('paymentmethods', 'routes/billing/payment-methods.tsx', { id: 'billing-paymentmethods' }),
    route('costcentres', 'routes/billing/cost-centres.tsx', { id: 'billing-costcentres' }),
    route('requests', 'routes/billing/requests.tsx', { id: 'billing-requests' }),
    route('requests/new', 'routes/billing/request-new.tsx', { id: 'billing-requests-new' }),
    // P§2's /billing/requests/request-{requestId}: the segment's prefix is checked by the page.
    route('requests/:requestSlug', 'routes/billing/request-detail.tsx', { id: 'billing-requests-request' }),
    route('cases', 'routes/billing/cases.tsx', { id: 'billing-cases' }),
    route('cases/:caseId', 'routes/billing/case-detail.tsx', { id: 'billing-cases-caseId' }),
    route('enhancedList', 'routes/billing/invoices.tsx', { id: 'billing-enhancedList' }),
    route('payment', 'routes/billing/payment.tsx', { id: 'billing-payment' }),
    // The account's orders and one order's life: its status history, shipments and documents (issue 32).
    route('orders', 'routes/billing/orders.tsx', { id: 'billing-orders' }),
    route('orders/:orderNumber', 'routes/billing/order.tsx', { id: 'billing-orders-orderNumber' }),
    // Approvals and spending limits (docs/decisions/0064-approvals-and-limits.md).
    route('approvals', 'routes/billing/approvals.tsx', { id: 'billing-approvals' }),
    route('approvals/:approvalId', 'routes/billing/approval.tsx', { id: 'billing-approvals-approvalId' }),
    // Requisition lists (docs/decisions/0062-requisition-lists.md): the buyer's kept lists, private or shared.
    route('lists', 'routes/billing/lists.tsx', { id: 'billing-lists' }),
    route('lists/:listId', 'routes/billing/list.tsx', { id: 'billing-lists-listId' }),
    // Reorder (docs/decisions/0061-reorder.md): the order's lines into the cart at today's prices.
    route('orders/:orderNumber/reorder', 'routes/billing/reorder.tsx', { id: 'billing-orders-reorder' }),
    // Quotes prepared by sales (docs/decisions/0038): reviewed line by line and taken as the cart.
    route('quotes', 'routes/billing/prepared-quotes.tsx', { id: 'billing-quotes' }),
    route('quotes/:quoteId', 'routes/billing/prepared-quote.tsx', { id: 'billing-quotes-quoteId' }),
    route('*', 'routes/billing/not-found.tsx', { id: 'billing-not-found' }),
  ]),
  // Quick order and configure-price-quote (spec C§2 /uploadoptions, /cpq): into the signed-in buyer's cart.
  layout('routes/ordering/layout.tsx', { id: 'ordering' }, [
    route('uploadoptions', 'routes/ordering/upload-options.tsx', { id: 'uploadoptions' }),
    route('cpq', 'routes/ordering/cpq.tsx', { id: 'cpq' }),
  ]),
  route('api/quick-order/check', 'features/quick-order/check-api.ts', { id: 'api-quick-order-check' }),
  // The header search box's suggestions as the buyer types (issue 34).
  route('api/search/suggest', 'features/search-suggestions/suggest-api.ts', { id: 'api-search-suggest' }),
  // The holes of a page kept for its price context (docs/decisions/0067-page-cache-by-price-context.md).
  route('api/personal', 'features/personal/personal-api.ts', { id: 'api-personal' }),
  // The parts configurator (spec P§2 /configurator): account pages, in the account area's layout.
  layout('routes/billing/layout.tsx', { id: 'configurator-area' }, [
    route('configurator', 'routes/configurator/parts.tsx', { id: 'configurator' }),
    route('configurator/manageComponents', 'routes/configurator/manage-components.tsx', {
      id: 'configurator-manageComponents',
    }),
  ]),
  route('cart', templatePage, { id: 'cart' }),
  route('cart/:quoteId', templatePage, { id: 'cart-quoteId' }),
  route('checkout', templatePage, { id: 'checkout' }),
  route('api/checkout', 'features/checkout/checkout-api.ts', { id: 'api-checkout' }),
  route('guidance', 'routes/guidance.tsx', { id: 'guidance' }),
  // E-learning (docs/decisions/0038): courses for the account's instruments, and enrolment requests.
  route('elearning', 'routes/elearning/layout.tsx', { id: 'elearning' }, [
    index('routes/elearning/courses.tsx', { id: 'elearning-courses' }),
    route(':courseId', 'routes/elearning/course.tsx', { id: 'elearning-courseId' }),
  ]),
  // Where the old site's sign-in and product pages moved (spec P§2's legacy targets).
  route('signon', 'routes/sign-on.tsx', { id: 'signon' }),
  route('product_detail/guest-catalog/:sku', 'routes/product-by-sku.tsx', { id: 'product-by-sku' }),
  route('category/:id', templatePage, { id: 'category-id' }),
  route('list/:id', templatePage, { id: 'list-id' }),
  route('detail', templatePage, { id: 'detail' }),
  route('detail/:id', templatePage, { id: 'detail-id' }),
  route('productDetails', templatePage, { id: 'productDetails' }),
  route('product/:productTemplateId/:productId', templatePage, { id: 'product-productTemplateId-productId' }),
  route('offers/list/:id', templatePage, { id: 'offers-list-id' }),
  route('offers/detail/:id', templatePage, { id: 'offers-detail-id' }),
  route(':page', templatePage, { id: 'page' }),
  route(':templateName/:catalogName/:productName/*', templatePage, {
    id: 'templateName-catalogName-productName-slug',
  }),
] satisfies RouteConfig;
