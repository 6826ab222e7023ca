-- The test environment keeps the signed batches of its receipts apart (decision 0060): the test
-- lane's recordings wrote them into production's table, where test retention (decision 0038)
-- never removed them once their messages were gone. Batches are all test or all production (a
-- recording is one lane's), so those named by a test message's receipt move over.
CREATE TABLE "knooppunt_test"."receipt_batches" (LIKE "public"."receipt_batches" INCLUDING ALL);--> statement-breakpoint
INSERT INTO "knooppunt_test"."receipt_batches"
  SELECT b.* FROM "public"."receipt_batches" b
  WHERE b.id IN (
    SELECT split_part(m.receipt, '.', 1)::uuid FROM "knooppunt_test"."messages" m WHERE m.receipt IS NOT NULL
  );--> statement-breakpoint
DELETE FROM "public"."receipt_batches" b WHERE b.id IN (SELECT id FROM "knooppunt_test"."receipt_batches");
