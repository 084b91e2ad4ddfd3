CREATE TABLE `sso_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`idp_uid` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`user_agent_family` text NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_sessions_key_hash_unique` ON `sso_sessions` (`key_hash`);
--> statement-breakpoint
CREATE INDEX `sso_sessions_uid` ON `sso_sessions` (`idp_uid`,`ended_at`);
