/** The one database of the process: engine choice (PGlite or PostgreSQL), data-dir lock, per-service migrations. */
export { type Database, type MigrationSet, type OpenDatabaseOptions, openDatabase } from './open';
