/** What other capabilities use of install-base: they import it from here, never from its files. */
export { toInstalledInstrument } from './handlers/install-base';
export { supersessionsOf } from './queries/configurator';
export { findInstalledInstrument, listInstallBase } from './queries/install-base';
