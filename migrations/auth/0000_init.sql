CREATE TABLE `legal_consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idp_uid` text NOT NULL,
	`document_key` text NOT NULL,
	`version` text NOT NULL,
	`consented_at` integer NOT NULL,
	`source` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `legal_consents_uid_key_version` ON `legal_consents` (`idp_uid`,`document_key`,`version`);--> statement-breakpoint
CREATE TABLE `publish_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`issuer_uid` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `publish_tokens_token_hash_unique` ON `publish_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `publish_tokens_issuer` ON `publish_tokens` (`issuer_uid`);