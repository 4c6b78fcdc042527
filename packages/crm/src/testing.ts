import {
  type TestEngine as DatabaseEngine,
  testEngines as databaseEngines,
} from '@storefront/database/testing';
import { type CrmDatabase, openCrmOn } from './db/open';

/** The shared test engines (`@storefront/database/testing`), each opening a database with the CRM migrated. */
export interface TestEngine {
  name: DatabaseEngine['name'];
  open(): Promise<CrmDatabase>;
}

export async function testEngines(): Promise<TestEngine[]> {
  return (await databaseEngines()).map((engine) => ({
    name: engine.name,
    open: () => openCrmOn(engine.open()),
  }));
}
