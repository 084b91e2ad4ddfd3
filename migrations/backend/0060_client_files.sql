-- Client files extracted at upload (docs/decisions/0079-client-zips-are-extracted-once-at-upload.md "Client zips are extracted once, at upload").
-- An upload session points at the client file set and the staged logic.js its last accepted PUTs
-- wrote; registration copies those pointers into the revision, which serves that file set for good.
ALTER TABLE `upload_sessions` ADD `client_files` text;
--> statement-breakpoint
ALTER TABLE `upload_sessions` ADD `client_zip_bytes` integer;
--> statement-breakpoint
ALTER TABLE `upload_sessions` ADD `logic_file` text;
--> statement-breakpoint
ALTER TABLE `upload_sessions` ADD `logic_bytes` integer;
--> statement-breakpoint
-- Null for the revisions registered before: they kept only {revisionId}/client.zip, which is no longer served.
ALTER TABLE `revisions` ADD `client_files` text;
