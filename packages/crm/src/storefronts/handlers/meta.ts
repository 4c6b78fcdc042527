import type { MetaItem } from '@storefront/contracts';
import { productPath, resolveTemplate } from '@storefront/contracts/template-resolution';
import { findCategory, resolveItem } from '../../catalogue';
import type { Handler } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { listMetaItems, metaItemsInScope } from '../queries/meta';
import { findStorefrontName } from '../queries/storefronts';
import { listActiveTemplates } from '../queries/templates';
import { blankPageMeta, mergePageMeta, metaLayer, type PageMetaLayer } from '../rules/meta';
import { categoryRef, productRef } from '../rules/templates';

/**
 * Page meta, each layer overriding the one before: storefront meta items, the account's, the matched
 * template's meta items, the template's Page_Title and Page_Meta_Tags, and for a product path the item, for a
 * category path the category of the account's catalogue (one template serves every category).
 */
export const getMergedMetaInfo: Handler<'getMergedMetaInfo'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.stfId, payload.accId);
  const { account, catalogue } = scope;
  const [storefrontName, templates] = await Promise.all([
    findStorefrontName(ctx.db, payload.stfId),
    listActiveTemplates(ctx.db, payload.stfId),
  ]);
  const template = resolveTemplate(
    payload.url,
    templates.map((t) => ({ ...t, templateId: t.id, createdDate: t.createdDate.toISOString(), meta: t })),
  );
  const ref = productRef(payload.url);
  const categoryKey = categoryRef(payload.url);
  const [items, found, category] = await Promise.all([
    metaItemsInScope(ctx.db, {
      storefrontId: payload.stfId,
      accountId: account.id,
      templateId: template?.templateId ?? null,
    }),
    ref ? resolveItem(ctx, scope, ref) : Promise.resolve(undefined),
    categoryKey ? findCategory(ctx.db, catalogue.id, { idOrSlug: categoryKey }) : Promise.resolve(undefined),
  ]);
  const item = found && 'item' in found ? found.item : undefined;
  const pairs = (keep: (row: (typeof items)[number]) => boolean) =>
    metaLayer(items.filter(keep).map((row) => [row.key, row.value] as const));
  const base = blankPageMeta({
    pageTitle: storefrontName ?? '',
    templateId: template?.templateId ?? null,
    ecatalogItemId: item?.id ?? null,
    eCatalogId: item ? catalogue.id : null,
  });
  const templateLayer: PageMetaLayer = {
    ...metaLayer(Object.entries(template?.Page_Meta_Tags ?? {})),
    pageTitle: template?.Page_Title,
  };
  const itemLayer: PageMetaLayer = item
    ? {
        pageTitle: item.name,
        description: item.shortDescription,
        image: item.images[0],
        canonical: productPath(item),
      }
    : {};
  return mergePageMeta(
    base,
    pairs((row) => row.accountId === null && row.templateId === null),
    pairs((row) => row.accountId !== null && row.templateId === null),
    pairs((row) => row.templateId !== null),
    templateLayer,
    category ? { pageTitle: category.name } : {},
    itemLayer,
  );
};

export const getMetaItems: Handler<'getMetaItems'> = async (ctx, payload) => {
  const rows = await listMetaItems(ctx.db, payload);
  return rows.map(
    (row): MetaItem => ({
      id: row.id,
      organizationId: row.organisationId,
      storefrontId: row.storefrontId,
      templateId: row.templateId,
      accountId: row.accountId,
      key: row.key,
      value: row.value,
    }),
  );
};
