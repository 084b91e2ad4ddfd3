import { pageAssetRoutes } from "../../../src/worker-kit/pages/page-assets";
import type { AuthEnv } from "../auth-env";

/** GET /assets/*: the login page's static files, from public/auth/ (ASSETS binding). */
export const assetRoutes = pageAssetRoutes<AuthEnv>("auth");
