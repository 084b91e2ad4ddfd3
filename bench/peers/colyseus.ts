import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";
import { FrameWaiters } from "../lib/frame-waiters.ts";

const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

export interface ColyseusPeer {
  /** The matchmaking endpoint, http://127.0.0.1:<port>. */
  url: string;
  stop(): Promise<void>;
}

/** Starts the Colyseus peer (colyseus-server.ts) in its own Node process on a loopback port. */
export async function startColyseus(port: number): Promise<ColyseusPeer> {
  const child = spawn(process.execPath, [path.join(projectRoot, "bench/peers/colyseus-server.ts"), String(port)], {
    cwd: projectRoot,
    // Its standard input stays open while the bench lives: the server exits when it closes.
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stop = () => stopChild(child);
  try {
    await new Promise<void>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`Colyseus peer not ready:\n${output}`)), READY_TIMEOUT_MS);
      const read = (chunk: Buffer) => {
        output += chunk;
        if (/^ready$/m.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", read);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Colyseus peer exited (${code}):\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * One seat in a Colyseus room through the Colyseus client SDK, with the same `send`/`next` as the
 * bench's WebSocket client: room messages are the room protocol's frames, each carrying its type.
 */
export class ColyseusSeat {
  private readonly frames = new FrameWaiters<any>();
  private readonly room: Room;

  private constructor(room: Room) {
    this.room = room;
    room.onMessage("*", (_type, frame) => this.frames.deliver(frame));
  }

  /** Creates a room for `seats` and takes its first seat. */
  static async create(client: Client, seats: string[]): Promise<ColyseusSeat> {
    return new ColyseusSeat(await client.create("counter", { seats, seat: seats[0] }));
  }

  /** Takes `seat` in an existing room. */
  static async join(client: Client, roomId: string, seat: string): Promise<ColyseusSeat> {
    return new ColyseusSeat(await client.joinById(roomId, { seat }));
  }

  get roomId(): string {
    return this.room.roomId;
  }

  next(match: (frame: any) => boolean, timeoutMs = 15_000): Promise<any> {
    return this.frames.next(match, timeoutMs);
  }

  /** Sends a room protocol frame ({type, ...}) as the room message of that type. */
  send(frame: { type: string }) {
    this.room.send(frame.type, frame);
  }

  close() {
    void this.room.leave();
  }
}

/** A Colyseus SDK client of the peer. */
export function colyseusClient(peer: ColyseusPeer): Client {
  return new Client(peer.url);
}
