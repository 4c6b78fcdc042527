/** The one database of the process: engine choice (PGlite or PostgreSQL), data-dir lock, per-service migrations. */

export { type LoggableError, loggableError } from './loggable-error';
export {
  type Database,
  type DatabaseActivity,
  DatabaseConnectError,
  DEFAULT_CONNECT_TIMEOUT_MS,
  dataDirHolder,
  isDataDir,
  type MigrationSet,
  type OpenDatabaseOptions,
  openDatabase,
  redactDatabaseUrl,
} from './open';
