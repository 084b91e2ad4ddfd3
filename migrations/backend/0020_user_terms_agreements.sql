-- Paid-release terms ledger (document 1, held by the main backend): append-only, one row per
-- (user, kind, version). The database refuses UPDATE and DELETE; a repeated agreement is a no-op.
CREATE TABLE `user_terms_agreements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`),
	`kind` text NOT NULL,
	`version` text NOT NULL,
	`agreed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_terms_agreements_user_kind_version` ON `user_terms_agreements` (`user_id`,`kind`,`version`);
--> statement-breakpoint
CREATE TRIGGER `user_terms_agreements_no_update` BEFORE UPDATE ON `user_terms_agreements`
BEGIN
	SELECT RAISE(ABORT, 'user_terms_agreements is append-only: rows are never updated');
END;
--> statement-breakpoint
CREATE TRIGGER `user_terms_agreements_no_delete` BEFORE DELETE ON `user_terms_agreements`
BEGIN
	SELECT RAISE(ABORT, 'user_terms_agreements is append-only: rows are never deleted');
END;
--> statement-breakpoint
CREATE TRIGGER `user_terms_agreements_no_replace` BEFORE INSERT ON `user_terms_agreements`
WHEN EXISTS (SELECT 1 FROM `user_terms_agreements` WHERE `id` = NEW.`id`)
BEGIN
	SELECT RAISE(ABORT, 'user_terms_agreements is append-only: an id is never reused');
END;
--> statement-breakpoint
CREATE TRIGGER `user_terms_agreements_repeat_is_noop` BEFORE INSERT ON `user_terms_agreements`
WHEN EXISTS (
	SELECT 1 FROM `user_terms_agreements`
	WHERE `user_id` = NEW.`user_id` AND `kind` = NEW.`kind` AND `version` = NEW.`version`
)
BEGIN
	SELECT RAISE(IGNORE);
END;
