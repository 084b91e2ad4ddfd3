-- Scenario publishing (docs/publishing.md): who owns a scenario id, upload sessions, revisions.
CREATE TABLE `scenarios` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_uid` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `scenarios_owner` ON `scenarios` (`owner_uid`);
--> statement-breakpoint
CREATE TABLE `upload_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`revision_id` text NOT NULL,
	`scenario_id` text NOT NULL,
	`uploader_uid` text NOT NULL,
	`name` text,
	`player_count` integer,
	`has_logic` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `upload_sessions_secret_hash_unique` ON `upload_sessions` (`secret_hash`);
--> statement-breakpoint
CREATE UNIQUE INDEX `upload_sessions_revision_id_unique` ON `upload_sessions` (`revision_id`);
--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`scenario_id` text NOT NULL,
	`uploader_uid` text NOT NULL,
	`name` text,
	`player_count` integer,
	`has_logic` integer NOT NULL,
	`client_zip_bytes` integer NOT NULL,
	`logic_bytes` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revisions_scenario` ON `revisions` (`scenario_id`);
