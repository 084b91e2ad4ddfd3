-- The coin ledger of the main backend as it stood before the web store (document 2): products of
-- the app stores, app-store deposits, limited-time coins, admin funds, orders and subscriptions.
-- The web store's changes follow in 0002 (payment_provider and its backfill first).
CREATE TABLE `consumable_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` text NOT NULL,
	`store` text NOT NULL,
	`coin_count` integer NOT NULL,
	`subscription_bonus_rate` real DEFAULT 0 NOT NULL,
	`applied_at` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consumable_products_revision_unique` ON `consumable_products` (`store`,`product_id`,`applied_at`);
--> statement-breakpoint
CREATE INDEX `consumable_products_store_position_idx` ON `consumable_products` (`store`,`position`);
--> statement-breakpoint
CREATE TABLE `iap_deposits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`),
	`iap_purchase_id` text NOT NULL,
	`product_id` text NOT NULL,
	`coin_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`cancelled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `iap_deposits_iap_purchase_id_unique` ON `iap_deposits` (`iap_purchase_id`);
--> statement-breakpoint
CREATE INDEX `iap_deposits_user_idx` ON `iap_deposits` (`user_id`);
--> statement-breakpoint
CREATE TABLE `limited_coin_deposits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`),
	`coin_count` integer NOT NULL,
	`reason` text NOT NULL,
	`source_purchase_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`cancelled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `limited_coin_deposits_source_unique` ON `limited_coin_deposits` (`source_purchase_id`);
--> statement-breakpoint
CREATE INDEX `limited_coin_deposits_user_idx` ON `limited_coin_deposits` (`user_id`);
--> statement-breakpoint
CREATE TABLE `admin_funds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`),
	`coin_count` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_funds_user_idx` ON `admin_funds` (`user_id`);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`),
	`coin_count` integer NOT NULL,
	`item` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`),
	`store` text NOT NULL,
	`original_transaction_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`cancelled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_transaction_unique` ON `subscriptions` (`store`,`original_transaction_id`);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`expires_at`);
