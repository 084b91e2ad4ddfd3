import { pageAssetRoutes } from "../../../src/worker-kit/pages/page-assets";
import type { AuthEnv } from "../auth-env";

/** GET /assets/*: the sign-in service's page files (script built from browser/pages/, styles, icons), from public/auth/ (ASSETS binding). */
export const assetRoutes = pageAssetRoutes<AuthEnv>("auth");
