import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { templates } from '../../db/schema';

/** Every column but the sections document: what lists and url matching need. */
const templateFields = {
  id: templates.id,
  storefrontId: templates.storefrontId,
  name: templates.name,
  createdDate: templates.createdDate,
  Page_Type: templates.Page_Type,
  Page_Category: templates.Page_Category,
  Friendly_URL: templates.Friendly_URL,
  Active: templates.Active,
  Continue_Shopping_Template: templates.Continue_Shopping_Template,
  Portal_Home: templates.Portal_Home,
  Page_Title: templates.Page_Title,
  Page_Meta_Tags: templates.Page_Meta_Tags,
  Checkout_Override: templates.Checkout_Override,
  Quote_eDocument_ID: templates.Quote_eDocument_ID,
  Trackers: templates.Trackers,
};

export function listActiveTemplates(db: CrmDb, storefrontId: string) {
  return db
    .select(templateFields)
    .from(templates)
    .where(and(eq(templates.storefrontId, storefrontId), eq(templates.Active, true)))
    .orderBy(asc(templates.name), asc(templates.id));
}

export function findActiveTemplateSections(db: CrmDb, storefrontId: string, templateIds: readonly string[]) {
  return db
    .select({ id: templates.id, sections: templates.sections })
    .from(templates)
    .where(
      and(
        eq(templates.storefrontId, storefrontId),
        eq(templates.Active, true),
        inArray(templates.id, [...templateIds]),
      ),
    );
}
