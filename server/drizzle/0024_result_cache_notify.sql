-- Analytics result cache (server/src/lib/result-cache.ts): a statement that writes a subject's
-- table or record_links notifies channel `assay_rows` with the table's name, once per statement,
-- at commit; every API process LISTENs and drops the cached results that read that table.
-- Subject tables made from now on get the trigger from subjects/ddl.ts createSubjectTable.
CREATE OR REPLACE FUNCTION assay_notify_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('assay_rows', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER record_links_rows AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON record_links FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_rows();
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT table_name FROM subjects LOOP
    IF to_regclass(quote_ident(t)) IS NOT NULL THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION assay_notify_rows()', t || '_rows', t);
    END IF;
  END LOOP;
END;
$$;
