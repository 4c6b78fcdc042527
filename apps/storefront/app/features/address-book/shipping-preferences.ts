/** A carrier and service as one choice of the form ('' for none). */
export const serviceKey = (carrier: string | null, service: string | null) =>
  carrier && service ? `${carrier}|${service}` : '';
