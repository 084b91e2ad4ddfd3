-- Publish tokens (document 1): a name the author gives, and when the token was last exchanged.
ALTER TABLE `publish_tokens` ADD `name` text;
--> statement-breakpoint
ALTER TABLE `publish_tokens` ADD `last_used_at` integer;
--> statement-breakpoint
-- Failed publish-token exchanges per caller (SHA-256 of the IP) and minute, for rate limiting.
CREATE TABLE `publish_token_exchange_failures` (
	`caller_hash` text NOT NULL,
	`window_start` integer NOT NULL,
	`failures` integer NOT NULL,
	PRIMARY KEY(`caller_hash`, `window_start`)
);
