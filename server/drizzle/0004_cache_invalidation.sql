-- Read-cache invalidation (server/src/lib/read-cache.ts): a statement that changes a table the
-- API caches reads of notifies channel `assay_cache` with the table's name; every API process
-- LISTENs and drops its cached reads. Statement-level, so a bulk change notifies once.
-- Sessions notify on DELETE only: the periodic `last_seen_at` touch must not flush every cache.
CREATE OR REPLACE FUNCTION assay_notify_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('assay_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
--> statement-breakpoint
CREATE TRIGGER users_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
--> statement-breakpoint
CREATE TRIGGER applications_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applications FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
--> statement-breakpoint
CREATE TRIGGER memberships_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
--> statement-breakpoint
CREATE TRIGGER groups_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON groups FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
--> statement-breakpoint
CREATE TRIGGER group_members_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_members FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
--> statement-breakpoint
CREATE TRIGGER group_grants_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_grants FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
--> statement-breakpoint
CREATE TRIGGER api_tokens_cache AFTER UPDATE OF revoked_at, expires_at OR DELETE OR TRUNCATE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
--> statement-breakpoint
CREATE TRIGGER settings_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_cache();
