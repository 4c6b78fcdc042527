-- The catalogue search indexes (gin_trgm_ops) need the trigram extension; it is trusted, so the owner of the
-- database may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
