/**
 * Answers a peer's close frame so the close handshake completes (RFC 6455 5.5.1). 1005 (no
 * status) and 1006 (abnormal closure) name what the receiver saw and may not be sent back, so the
 * answer is 1000. A socket already closed needs no answer.
 */
export function answerClose(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  } catch {
    // already closed
  }
}
