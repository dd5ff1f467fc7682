-- The audit log is append-only: UPDATE, DELETE and TRUNCATE are refused by triggers on
-- audit_log and audit_signatures; the head row (audit_head, id = 1) only moves forward to the entry
-- just appended (seq + 1, that entry's hash) and cannot be deleted. A superuser can still disable
-- triggers: the hash chain (GET /api/v1/audit/verify) and the signed heads detect what they do.
CREATE FUNCTION assay_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'assay: % on % is refused: the audit log is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION assay_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION assay_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_signatures_append_only BEFORE UPDATE OR DELETE ON audit_signatures
  FOR EACH ROW EXECUTE FUNCTION assay_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_signatures_no_truncate BEFORE TRUNCATE ON audit_signatures
  FOR EACH STATEMENT EXECUTE FUNCTION assay_refuse_change();
--> statement-breakpoint
CREATE FUNCTION assay_audit_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.id = OLD.id
     AND NEW.seq = OLD.seq + 1
     AND NEW.hash IS NOT DISTINCT FROM (SELECT l.hash FROM audit_log l WHERE l.seq = NEW.seq) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'assay: % on audit_head is refused: the head only moves to the entry just appended', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_head_guard BEFORE UPDATE OR DELETE ON audit_head
  FOR EACH ROW EXECUTE FUNCTION assay_audit_head_guard();
--> statement-breakpoint
CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON audit_head
  FOR EACH STATEMENT EXECUTE FUNCTION assay_refuse_change();
--> statement-breakpoint
INSERT INTO audit_head (id, seq, hash) VALUES (1, 0, repeat('0', 64));
