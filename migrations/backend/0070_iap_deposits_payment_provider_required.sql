-- Document 2: payment_provider is backfilled "so no NULL remains; later credit paths always write
-- it". Migration 0002 called every id it could not classify ANDROID_STORE, a guess. This one
-- (0002 has run and cannot change) marks those ids UNKNOWN instead, so nobody takes them for
-- Android purchases, and makes the database refuse a deposit without a provider.
--
-- The rows 0002 guessed are the ANDROID_STORE rows whose id is no Google Play order id ("GPA.");
-- no credit path of the platform writes ANDROID_STORE, so nothing else matches. UNKNOWN is not
-- one of the spec's three values: it stands for "a legacy purchase the backfill could not place"
-- and is how those rows are found and counted (docs/payments.md). An operator who identifies one
-- sets its provider to one of the three.
UPDATE `iap_deposits` SET `payment_provider` = 'UNKNOWN' WHERE `payment_provider` = 'ANDROID_STORE' AND `iap_purchase_id` NOT LIKE 'GPA.%';
--> statement-breakpoint
-- A row written without a provider since 0002 is classified by 0002's rules, and UNKNOWN otherwise.
UPDATE `iap_deposits` SET `payment_provider` = 'ANDROID_STORE' WHERE `payment_provider` IS NULL AND `iap_purchase_id` LIKE 'GPA.%';
--> statement-breakpoint
UPDATE `iap_deposits` SET `payment_provider` = 'IOS_STORE' WHERE `payment_provider` IS NULL AND `iap_purchase_id` <> '' AND `iap_purchase_id` NOT GLOB '*[^0-9]*';
--> statement-breakpoint
UPDATE `iap_deposits` SET `payment_provider` = 'WEB_PAYMENT' WHERE `payment_provider` IS NULL AND `iap_purchase_id` LIKE 'pi\_%' ESCAPE '\';
--> statement-breakpoint
UPDATE `iap_deposits` SET `payment_provider` = 'UNKNOWN' WHERE `payment_provider` IS NULL;
--> statement-breakpoint
-- NOT NULL on an existing column needs a table rebuild in SQLite, which is no additive change
-- (document 2, Versioning); triggers are. A new deposit names one of the spec's providers.
CREATE TRIGGER `iap_deposits_payment_provider_on_insert` BEFORE INSERT ON `iap_deposits`
WHEN NEW.`payment_provider` IS NULL OR NEW.`payment_provider` NOT IN ('IOS_STORE', 'ANDROID_STORE', 'WEB_PAYMENT')
BEGIN
	SELECT RAISE(ABORT, 'iap_deposits.payment_provider is required: IOS_STORE, ANDROID_STORE or WEB_PAYMENT');
END;
--> statement-breakpoint
-- A provider is never cleared nor set to UNKNOWN; an UNKNOWN row keeps it until someone names the provider.
CREATE TRIGGER `iap_deposits_payment_provider_on_update` BEFORE UPDATE OF `payment_provider` ON `iap_deposits`
WHEN NEW.`payment_provider` IS NULL
	OR (NEW.`payment_provider` NOT IN ('IOS_STORE', 'ANDROID_STORE', 'WEB_PAYMENT') AND NEW.`payment_provider` IS NOT OLD.`payment_provider`)
BEGIN
	SELECT RAISE(ABORT, 'iap_deposits.payment_provider is required: IOS_STORE, ANDROID_STORE or WEB_PAYMENT');
END;
