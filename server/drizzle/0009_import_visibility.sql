-- Import staging without hidden rows (the batch goes live in one short transaction, so an
-- import never blocks other users for more than a moment; modules/imports/README.md).
-- Every subject table gets `import_batch_id`: the import batch that inserted the row (null for rows
-- written otherwise). A row whose batch is still `running` is staged: it is in the table and its
-- indexes, but no read shows it (subjects/live-rows.ts). Making the batch live is then one update of
-- import_batches.status instead of an update (and re-indexing) of every inserted row.
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT table_name FROM subjects LOOP
    IF to_regclass(quote_ident(t)) IS NOT NULL THEN
      EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS import_batch_id uuid', t);
      -- rows an interrupted run left hidden (the former deleted_at = 1900-01-01 marker) become
      -- staged rows of their batch, which the start-up recovery then discards
      EXECUTE format(
        'UPDATE %I r SET import_batch_id = ir.batch_id, deleted_at = NULL FROM import_rows ir WHERE ir.record_id = r.id AND r.deleted_at = ''1900-01-01T00:00:00Z''',
        t
      );
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- A batch entering or leaving `running` changes which rows are visible: the read cache of
-- subject definitions (SubjectDef.pendingImports) must drop what it holds, in every API process.
CREATE OR REPLACE FUNCTION assay_notify_import_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'DELETE' AND OLD.status = 'running') OR (TG_OP = 'UPDATE' AND (OLD.status = 'running') <> (NEW.status = 'running')) THEN
    PERFORM pg_notify('assay_cache', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER import_batches_cache AFTER UPDATE OR DELETE ON import_batches FOR EACH ROW EXECUTE FUNCTION assay_notify_import_status();
