CREATE TABLE `pending_sign_ups` (
	`idp_uid` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`started_at` integer NOT NULL
);
