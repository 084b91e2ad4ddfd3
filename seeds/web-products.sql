-- Three WEB coin products whose product ids are the lookup keys of the payment stand-in's seeded
-- prices (workers/dev-payments/catalog.ts). Dev and the tests apply it after the migrations; the
-- production rehearsal (test/e2e/production-rehearsal.test.ts) applies it to the prd build's
-- BACKEND_DB as an operator adds the products they sell (docs/payments.md).
INSERT OR IGNORE INTO consumable_products (product_id, store, coin_count, subscription_bonus_rate, applied_at, position) VALUES
  ('web_coins_100', 'WEB', 100, 0.05, 1767225600000, 0),
  ('web_coins_550', 'WEB', 550, 0.1, 1767225600000, 1),
  ('web_coins_1200', 'WEB', 1200, 0.15, 1767225600000, 2);
