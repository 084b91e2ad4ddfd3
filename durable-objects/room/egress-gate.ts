import { WorkerEntrypoint } from "cloudflare:workers";
import { forwardedRequest } from "../../src/egress/forward-request";
import { checkEgress } from "../../src/egress/policy";
import { roomLog } from "./room-log";

export interface EgressGateProps {
  allowedHosts: string[];
  /** The request that loaded the isolate, so refusal lines can be found with the room's other lines. */
  requestId?: string;
}

const MAX_REDIRECTS = 5;

function refused(reason: string): Response {
  return Response.json({ error: "egress_refused", message: `Outbound request refused: ${reason}` }, { status: 403 });
}

/**
 * The only network a room's sandboxed isolate has (its globalOutbound). Allow-listed hosts pass;
 * everything else, including a redirect that leaves the allow-list, answers 403. What passes is
 * rebuilt from method, headers and body only (src/egress/forward-request.ts): no `cf` options, no
 * Host header other than the checked URL's.
 */
export class EgressGate extends WorkerEntrypoint<Env, EgressGateProps> {
  override async fetch(request: Request): Promise<Response> {
    const allowedHosts = this.ctx.props.allowedHosts;
    let current = request;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const verdict = checkEgress(current.url, allowedHosts);
      if (!verdict.allowed) {
        this.logRefusal(verdict.reason);
        return refused(verdict.reason);
      }
      const response = await fetch(await forwardedRequest(current.clone(), verdict.url));
      const location = response.headers.get("location");
      if (response.status < 300 || response.status > 399 || !location) return response;
      if (request.redirect === "manual") {
        if (checkEgress(new URL(location, current.url).href, allowedHosts).allowed) return response;
        this.logRefusal("redirect to a host not on the allow-list");
        return refused("redirect to a host not on the allow-list");
      }
      const keepsBody = response.status === 307 || response.status === 308;
      current = new Request(
        new URL(location, current.url),
        keepsBody ? current : { method: "GET", headers: current.headers },
      );
    }
    this.logRefusal("too many redirects");
    return refused("too many redirects");
  }

  /**
   * A raw TCP socket (`connect()` of cloudflare:sockets) from scenario code: never allowed, since
   * the allow-list speaks of HTTP hosts. Refused with its own line; the scenario sees its socket fail.
   */
  override async connect(socket: Socket): Promise<void> {
    this.logRefusal("raw sockets are not allowed");
    await socket.close();
  }

  private logRefusal(reason: string): void {
    roomLog(this.env, { requestId: this.ctx.props.requestId }).warn("egress refused", { reason });
  }
}
