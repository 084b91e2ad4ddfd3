-- Dev seed of AUTH_DB (npm run dev and local platforms apply it after the migrations; never stg or
-- prd): the dev IdP's seeded accounts accepted every document at its current version, as if they
-- had signed up on the login page, so the docs' "sign in as ..." steps land in the app. An account
-- with no consent row is asked for every document its client requires (docs/consent.md);
-- test/workers/dev-seeds.test.ts fails when a substantive revision makes these rows stale.
INSERT OR IGNORE INTO legal_consents (idp_uid, document_key, version, consented_at, source) VALUES
  ('dev-user', 'app_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-user', 'studio_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-user', 'portal_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-user', 'privacy', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-admin', 'app_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-admin', 'studio_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-admin', 'portal_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-admin', 'privacy', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-premium', 'app_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-premium', 'studio_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-premium', 'portal_terms', '2026-01-01', 1767225600000, 'dev_seed'),
  ('dev-premium', 'privacy', '2026-01-01', 1767225600000, 'dev_seed');
