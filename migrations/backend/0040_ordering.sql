-- Generic list ordering (document 2, ordering operation; docs/decisions/0057-generic-list-ordering-reorder-mutations.md "Generic list ordering").
-- Variant A: the parent of the store's product order is a product list, one per store; its items
-- are products (the product id is the id of the product's first revision in consumable_products,
-- whose existing `position` column and (store, position) index hold the order).
CREATE TABLE `product_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_lists_store_unique` ON `product_lists` (`store`);
--> statement-breakpoint
INSERT INTO `product_lists` (`store`) VALUES ('WEB'), ('IOS_STORE'), ('ANDROID_STORE');
--> statement-breakpoint
-- A new revision of a product keeps the product's place in the list (the order belongs to the
-- product, not to one revision of its price).
CREATE TRIGGER `consumable_products_revision_keeps_position` AFTER INSERT ON `consumable_products`
WHEN EXISTS (SELECT 1 FROM `consumable_products` p WHERE p.`store` = NEW.`store` AND p.`product_id` = NEW.`product_id` AND p.`id` <> NEW.`id`)
BEGIN
	UPDATE `consumable_products` SET `position` = (
		SELECT p.`position` FROM `consumable_products` p
		WHERE p.`store` = NEW.`store` AND p.`product_id` = NEW.`product_id` AND p.`id` <> NEW.`id`
		ORDER BY p.`id` LIMIT 1
	) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- Variant B: a scenario's revisions in the order its admins choose.
ALTER TABLE `revisions` ADD `position` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX `revisions_scenario_position` ON `revisions` (`scenario_id`,`position`);
