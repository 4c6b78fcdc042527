import { isOfferDetails } from '@storefront/contracts/crm-catalogue';
import { accountScope, crmCall } from '../../lib/crm.server';
import type { BlockLoader } from '../loader-types.server';
import { MissingRecord, namesNoRecord } from '../missing-record.server';
import { offerDetailPath, offerListPath, templateIdNamed } from '../record-pages';
import type { OfferState } from '../types';

/** The offers the viewer's account can use today, each linking to the offer page the block names. */
export const loadOfferList: BlockLoader<'offerList'> = async ({ session, fields, templates }) => {
  const detailId = templateIdNamed(templates, fields.detailTemplate);
  const offers = await crmCall(session, 'getOffers', accountScope(session));
  return {
    offers: offers.map((summary) => ({
      ...summary,
      href: detailId ? offerDetailPath(detailId, summary.offer.id) : null,
    })),
  };
};

/**
 * The offer the page's ?id names, with every product of the viewer's catalogue it covers; an offer of
 * another storefront, an unknown id or none is no page (404).
 */
export const loadOfferDetail: BlockLoader<'offerDetail'> = async ({ session, fields, target, templates }) => {
  if (!target.recordId) throw new MissingRecord();
  const details = await crmCall(session, 'getFormattedObjectDetails', {
    objectapi: 'Offer',
    objectid: target.recordId,
    accId: session.viewer.accountId,
    stfId: session.storefront.storefrontId,
  }).catch((error: unknown) => {
    throw namesNoRecord(error, 'objectid') ? new MissingRecord() : error;
  });
  if (!isOfferDetails(details)) throw new MissingRecord();
  const listId = templateIdNamed(templates, fields.listTemplate);
  return {
    ...details,
    state: offerState(details.offer, new Date().toISOString().slice(0, 10)),
    listHref: listId ? offerListPath(listId) : null,
  };
};

function offerState(offer: { validFrom: string | null; validTo: string | null }, today: string): OfferState {
  if (offer.validFrom !== null && today < offer.validFrom) return 'upcoming';
  if (offer.validTo !== null && offer.validTo < today) return 'ended';
  return 'current';
}
