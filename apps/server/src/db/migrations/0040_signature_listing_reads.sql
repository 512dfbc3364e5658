CREATE INDEX "signatories_email_idx" ON "signatories" USING btree ("accounting_firm_id",lower("email"));--> statement-breakpoint
-- The documents listings show whether a document is in signature or signed (issue 29): a request
-- changing status, or filing its signed version, drops its client file's cached documents answers.
CREATE TRIGGER signature_requests_reads_changed AFTER UPDATE OF status, signed_version_id ON signature_requests
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.signed_version_id IS DISTINCT FROM NEW.signed_version_id)
  EXECUTE FUNCTION portal_reads_documents_changed();
