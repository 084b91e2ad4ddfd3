-- Document 2, Versioning: the nullable payment_provider column and its backfill run before any
-- other change of the web store, so no deposit is left without a provider. Later credit paths
-- always write it. Legacy ids: Google Play order ids start with "GPA."; App Store transaction ids
-- are digit strings; Stripe payment intents start with "pi_". Anything else (Google test
-- purchases carry no order id, only a purchase token) is an Android purchase.
ALTER TABLE `iap_deposits` ADD `payment_provider` text;
--> statement-breakpoint
UPDATE `iap_deposits` SET `payment_provider` = 'ANDROID_STORE' WHERE `payment_provider` IS NULL AND `iap_purchase_id` LIKE 'GPA.%';
--> statement-breakpoint
UPDATE `iap_deposits` SET `payment_provider` = 'IOS_STORE' WHERE `payment_provider` IS NULL AND `iap_purchase_id` <> '' AND `iap_purchase_id` NOT GLOB '*[^0-9]*';
--> statement-breakpoint
UPDATE `iap_deposits` SET `payment_provider` = 'WEB_PAYMENT' WHERE `payment_provider` IS NULL AND `iap_purchase_id` LIKE 'pi\_%' ESCAPE '\';
--> statement-breakpoint
UPDATE `iap_deposits` SET `payment_provider` = 'ANDROID_STORE' WHERE `payment_provider` IS NULL;
