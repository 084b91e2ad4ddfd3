-- Upload quotas and the upload cleanup (docs/decisions/0122-uploads-are-cleaned-up-and-counted-per-account.md "Uploads are cleaned up and counted per account").
-- client_bytes: a session's client files uncompressed, counted against its uploader's quota.
-- swept_at: when the cleanup deleted what the session left in CODE; sessions before this one start unswept.
ALTER TABLE `upload_sessions` ADD `client_bytes` integer;
--> statement-breakpoint
ALTER TABLE `upload_sessions` ADD `swept_at` integer;
--> statement-breakpoint
CREATE INDEX `upload_sessions_uploader` ON `upload_sessions` (`uploader_uid`);
--> statement-breakpoint
CREATE INDEX `upload_sessions_unswept` ON `upload_sessions` (`expires_at`) WHERE `swept_at` IS NULL;
