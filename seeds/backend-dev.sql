-- Dev seed of BACKEND_DB (npm run dev and local platforms apply it after the migrations and
-- seeds/web-products.sql; never stg or prd): the dev IdP's seeded users, and an active
-- subscription for dev-premium (premium@example.com), so its web purchases get the bonus.
INSERT OR IGNORE INTO users (idp_uid, created_at) VALUES
  ('dev-user', 1767225600000),
  ('dev-admin', 1767225600000),
  ('dev-premium', 1767225600000);
INSERT OR IGNORE INTO subscriptions (user_id, store, original_transaction_id, started_at, expires_at)
  SELECT id, 'IOS_STORE', 'dev-premium-subscription', 1767225600000, 4102444800000 FROM users WHERE idp_uid = 'dev-premium';
