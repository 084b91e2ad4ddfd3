-- The consent ledger is append-only, enforced by the database (document 1, LegalConsent):
-- an UPDATE or DELETE aborts, and an insert of a triple already recorded (even INSERT OR REPLACE,
-- which would otherwise delete the old row without firing a delete trigger) is skipped.
CREATE TRIGGER `legal_consents_no_update` BEFORE UPDATE ON `legal_consents`
BEGIN
	SELECT RAISE(ABORT, 'legal_consents is append-only: rows are never updated');
END;
--> statement-breakpoint
CREATE TRIGGER `legal_consents_no_delete` BEFORE DELETE ON `legal_consents`
BEGIN
	SELECT RAISE(ABORT, 'legal_consents is append-only: rows are never deleted');
END;
--> statement-breakpoint
CREATE TRIGGER `legal_consents_no_replace` BEFORE INSERT ON `legal_consents`
WHEN EXISTS (SELECT 1 FROM `legal_consents` WHERE `id` = NEW.`id`)
BEGIN
	SELECT RAISE(ABORT, 'legal_consents is append-only: an id is never reused');
END;
--> statement-breakpoint
CREATE TRIGGER `legal_consents_repeat_is_noop` BEFORE INSERT ON `legal_consents`
WHEN EXISTS (
	SELECT 1 FROM `legal_consents`
	WHERE `idp_uid` = NEW.`idp_uid` AND `document_key` = NEW.`document_key` AND `version` = NEW.`version`
)
BEGIN
	SELECT RAISE(IGNORE);
END;
