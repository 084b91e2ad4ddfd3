-- The auth-log records a client sent with a uid (POST /api/log), as the intake wrote them to the log
-- (scrubbed): the operator console shows a user's most recent ones. The intake keeps the newest
-- rows per uid (workers/auth/auth-log-events.ts); older ones are deleted in the same batch.
CREATE TABLE `auth_log_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idp_uid` text NOT NULL,
	`at` integer NOT NULL,
	`event` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_log_events_uid` ON `auth_log_events` (`idp_uid`,`id`);
