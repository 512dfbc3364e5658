-- Names (issue 23): no two live items of one parent share a name, whatever their kind, compared
-- as the document manager compares names (lower()). The rule is kept by the application under
-- the parent folder's lock (modules/documents/tree); here the clashes made before it go: each
-- live document named like a live folder of its folder is renamed "name (n).ext" (the first n
-- free among both kinds), the folder keeping its name.
DO $$
DECLARE
  d record;
  dot int;
  stem text;
  ext text;
  candidate text;
  n int;
BEGIN
  FOR d IN
    SELECT doc.id, doc.accounting_firm_id, doc.vendor_id, doc.folder_id, doc.name
      FROM documents doc
     WHERE doc.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM folders f
                    WHERE f.accounting_firm_id = doc.accounting_firm_id AND f.vendor_id = doc.vendor_id
                      AND f.parent_id = doc.folder_id AND f.deleted_at IS NULL
                      AND lower(f.name) = lower(doc.name))
     ORDER BY doc.id
  LOOP
    -- The extension as extensionOf() reads it: after the last dot, neither first nor last.
    dot := CASE WHEN strpos(d.name, '.') > 0 THEN length(d.name) - strpos(reverse(d.name), '.') + 1 ELSE 0 END;
    IF dot > 1 AND dot < length(d.name) THEN
      stem := left(d.name, dot - 1);
      ext := substr(d.name, dot);
    ELSE
      stem := d.name;
      ext := '';
    END IF;
    n := 2;
    LOOP
      candidate := stem || ' (' || n || ')' || ext;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM folders f
                             WHERE f.accounting_firm_id = d.accounting_firm_id AND f.vendor_id = d.vendor_id
                               AND f.parent_id = d.folder_id AND f.deleted_at IS NULL
                               AND lower(f.name) = lower(candidate))
            AND NOT EXISTS (SELECT 1 FROM documents o
                             WHERE o.accounting_firm_id = d.accounting_firm_id AND o.folder_id = d.folder_id
                               AND o.deleted_at IS NULL AND lower(o.name) = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE documents SET name = candidate, updated_at = now()
     WHERE accounting_firm_id = d.accounting_firm_id AND id = d.id;
  END LOOP;
END $$;
