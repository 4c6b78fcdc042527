/** The engines helper lives in src so other packages can import it as `@storefront/crm/testing`. */
export { type TestEngine, testEngines } from '../../src/testing';
