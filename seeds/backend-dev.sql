-- Dev seed of BACKEND_DB (npm run dev and local platforms apply it after the migrations; never
-- stg or prd). Three WEB coin products whose product ids are the lookup keys of the payment
-- stand-in's seeded prices, the dev IdP's seeded users, and an active subscription for
-- dev-premium (premium@example.com), so its web purchases get the bonus.
INSERT OR IGNORE INTO consumable_products (product_id, store, coin_count, subscription_bonus_rate, applied_at, position) VALUES
  ('web_coins_100', 'WEB', 100, 0.05, 1767225600000, 0),
  ('web_coins_550', 'WEB', 550, 0.1, 1767225600000, 1),
  ('web_coins_1200', 'WEB', 1200, 0.15, 1767225600000, 2);
INSERT OR IGNORE INTO users (idp_uid, created_at) VALUES
  ('dev-user', 1767225600000),
  ('dev-admin', 1767225600000),
  ('dev-premium', 1767225600000);
INSERT OR IGNORE INTO subscriptions (user_id, store, original_transaction_id, started_at, expires_at)
  SELECT id, 'IOS_STORE', 'dev-premium-subscription', 1767225600000, 4102444800000 FROM users WHERE idp_uid = 'dev-premium';
