import { socialCallbackUrl } from "../../src/auth/social-callback";
import type { Config } from "../../src/config";

/**
 * The redirect URIs registered for social sign-in, as an operator registers them in each social
 * provider's app (Google's "Authorized redirect URIs", Facebook's "Valid OAuth Redirect URIs"):
 * exact addresses, query included. accounts:createAuthUri refuses any other continueUri, as the
 * real providers refuse any other redirect_uri. Registered: this platform's own return address
 * ({AUTH_URL}/login/callback), and what POST {IDP_URL}/admin/social-redirect-uris adds (the
 * production rehearsal registers prd's and stg's there, whose sign-in services use this stand-in).
 */
export class SocialRedirectUris {
  private static readonly KEY = "dev-idp:settings:social-redirect-uris";

  constructor(
    private readonly kv: KVNamespace,
    private readonly config: Config,
  ) {}

  async list(): Promise<string[]> {
    const added = (await this.kv.get<string[]>(SocialRedirectUris.KEY, "json")) ?? [];
    return [...new Set([socialCallbackUrl(this.config.apps.auth), ...added])];
  }

  async isRegistered(uri: string): Promise<boolean> {
    return (await this.list()).includes(uri);
  }

  async register(uri: string): Promise<string[]> {
    const added = (await this.kv.get<string[]>(SocialRedirectUris.KEY, "json")) ?? [];
    if (!added.includes(uri)) await this.kv.put(SocialRedirectUris.KEY, JSON.stringify([...added, uri]));
    return this.list();
  }
}
