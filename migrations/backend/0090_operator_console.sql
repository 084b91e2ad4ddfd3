-- The operator console ({API_URL}/admin/, docs/operators.md).
-- operator_audit: every operator action, append-only as the consent ledger is: the database refuses
-- UPDATE and DELETE, never reuses an id, and refuses a row without a reason.
CREATE TABLE `operator_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`operator_uid` text NOT NULL,
	`operator_email` text,
	`action` text NOT NULL,
	`target_kind` text NOT NULL,
	`target` text NOT NULL,
	`subject_uid` text,
	`reason` text NOT NULL CHECK (length(trim(`reason`)) >= 3),
	`outcome` text NOT NULL,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `operator_audit_at` ON `operator_audit` (`at`);
--> statement-breakpoint
CREATE INDEX `operator_audit_subject` ON `operator_audit` (`subject_uid`,`at`);
--> statement-breakpoint
CREATE TRIGGER `operator_audit_no_update` BEFORE UPDATE ON `operator_audit`
BEGIN
	SELECT RAISE(ABORT, 'operator_audit is append-only: rows are never updated');
END;
--> statement-breakpoint
CREATE TRIGGER `operator_audit_no_delete` BEFORE DELETE ON `operator_audit`
BEGIN
	SELECT RAISE(ABORT, 'operator_audit is append-only: rows are never deleted');
END;
--> statement-breakpoint
CREATE TRIGGER `operator_audit_no_replace` BEFORE INSERT ON `operator_audit`
WHEN EXISTS (SELECT 1 FROM `operator_audit` WHERE `id` = NEW.`id`)
BEGIN
	SELECT RAISE(ABORT, 'operator_audit is append-only: an id is never reused');
END;
--> statement-breakpoint
-- operator_notices: the operations notices of the payment webhook (a refund the balance does not
-- cover, a partial refund, a dispute), one per case; a notice goes from open to handled once, and
-- nothing else of it ever changes.
CREATE TABLE `operator_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`case_key` text NOT NULL,
	`message` text NOT NULL,
	`user_id` integer,
	`payment_intent_id` text,
	`refs` text NOT NULL,
	`created_at` integer NOT NULL,
	`handled_at` integer,
	`handled_by` text,
	`handled_note` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operator_notices_case` ON `operator_notices` (`kind`,`case_key`);
--> statement-breakpoint
CREATE INDEX `operator_notices_open` ON `operator_notices` (`handled_at`,`created_at`);
--> statement-breakpoint
CREATE INDEX `operator_notices_payment` ON `operator_notices` (`payment_intent_id`);
--> statement-breakpoint
CREATE TRIGGER `operator_notices_handled_once` BEFORE UPDATE ON `operator_notices`
WHEN OLD.`handled_at` IS NOT NULL OR NEW.`handled_at` IS NULL OR NEW.`handled_by` IS NULL
	OR NEW.`id` IS NOT OLD.`id` OR NEW.`kind` IS NOT OLD.`kind` OR NEW.`case_key` IS NOT OLD.`case_key`
	OR NEW.`message` IS NOT OLD.`message` OR NEW.`user_id` IS NOT OLD.`user_id`
	OR NEW.`payment_intent_id` IS NOT OLD.`payment_intent_id` OR NEW.`refs` IS NOT OLD.`refs`
	OR NEW.`created_at` IS NOT OLD.`created_at`
BEGIN
	SELECT RAISE(ABORT, 'operator_notices: a notice is marked handled once, and nothing else of it changes');
END;
--> statement-breakpoint
CREATE TRIGGER `operator_notices_no_delete` BEFORE DELETE ON `operator_notices`
BEGIN
	SELECT RAISE(ABORT, 'operator_notices: notices are never deleted');
END;
--> statement-breakpoint
-- operator_sessions: the console's own sign-ins. `key_hash` is the SHA-256 of the cookie, never the
-- cookie; `auth_time` (seconds) is the provider sign-in the session came from, checked against the
-- account's tokens-valid-after time on every use.
CREATE TABLE `operator_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`operator_uid` text NOT NULL,
	`operator_email` text,
	`auth_time` integer NOT NULL,
	`csrf_token` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operator_sessions_key_hash` ON `operator_sessions` (`key_hash`);
