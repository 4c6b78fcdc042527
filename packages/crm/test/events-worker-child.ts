/**
 * A storefront process's webhook delivery, on its own: opens the PostgreSQL database named by its argument and
 * runs one delivery with a short claim. The kill -9 test (events-kill.integration.test.ts) kills it mid-post.
 */
import { openCrmDatabase } from '../src/db/open';
import { createEventDelivery } from '../src/events';

const [databaseUrl = ''] = process.argv.slice(2);
const crm = await openCrmDatabase({ databaseUrl });
const delivery = createEventDelivery({
  db: crm.db,
  logError: (error) => console.error(error),
  policy: { claimSeconds: 3, timeoutMs: 60_000 },
});
await delivery.deliver();
await crm.close();
