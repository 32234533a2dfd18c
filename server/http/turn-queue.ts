import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

/**
 * Idle loop turns given between two queued requests. A turn's poll phase accepts at most one
 * new connection (libuv ≥ 1.45), so without these a busy server accepts one connection per
 * request it serves. An idle turn costs ~2 µs; with 4 of them, 50 new connections are accepted
 * within 10 requests instead of 50 (at 50 connections the latecomers' first answers took up to
 * twice the usual time, which alone set the p99; decision 007).
 */
const IDLE_TURNS = 4;

/**
 * Requests waiting to start, at most. At one start per ~5 idle turns and a few ms per render,
 * 1000 waiting requests are several seconds of work: past that a new one is refused at once
 * (503 with Retry-After) instead of waiting longer than any browser would.
 */
export const MAX_WAITING = 1000;

export interface TurnQueueOptions {
  maxWaiting?: number;
  /** Answers a request refused because the queue is full (a translated 503 with Retry-After). */
  onFull?: (req: IncomingMessage, res: ServerResponse) => void;
}

/** The client went away while its request waited: nothing would read the answer. */
function clientGone(req: IncomingMessage, res: ServerResponse): boolean {
  return res.destroyed || req.destroyed || res.writableEnded;
}

function refuseBusy(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", Connection: "close" });
  res.end("Service Unavailable");
}

/**
 * Starts at most one request per event-loop turn, in arrival order.
 *
 * Why: left alone, Node starts every request that has arrived within the same turn, so under
 * load a turn holds dozens of page renders (a few ms each), while libuv accepts only one new
 * connection per turn: a visitor opening a connection waited one whole turn per connection
 * queued ahead of it, seconds at 50 connections (measured: p99 1.6–2 s, max 6–9 s, on a
 * synthetic 5 ms handler and on the site alike). One request per turn keeps a turn at one
 * render, so connections are accepted between renders and requests finish first come, first
 * served (the same synthetic handler: p99 290 ms, max 553 ms, same throughput).
 *
 * The handler runs synchronously up to its first real I/O wait; whatever follows (database,
 * file system, request bodies) goes on interleaved as usual. The queue holds at most
 * `maxWaiting` requests; requests whose client has gone by their turn are skipped.
 */
export function oneRequestPerTurn(handle: RequestListener, opts: TurnQueueOptions = {}): RequestListener {
  const maxWaiting = opts.maxWaiting ?? MAX_WAITING;
  const onFull = opts.onFull ?? refuseBusy;
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let head = 0;
  let scheduled = false;
  let idleTurnsLeft = 0;

  function nextTurn() {
    if (idleTurnsLeft > 0) {
      idleTurnsLeft--;
      setImmediate(nextTurn);
      return;
    }
    const [req, res] = waiting[head]!;
    waiting[head++] = undefined as never;
    if (head === waiting.length) {
      waiting.length = 0;
      head = 0;
      scheduled = false;
    } else {
      // A callback queued from within the check phase runs in the next turn, after that turn's
      // poll phase has accepted a connection and read the sockets.
      idleTurnsLeft = IDLE_TURNS;
      setImmediate(nextTurn);
    }
    // A request whose client has gone is dropped without starting its work.
    if (clientGone(req, res)) {
      if (!res.destroyed) res.destroy();
      return;
    }
    handle(req, res);
  }

  return (req, res) => {
    if (waiting.length - head >= maxWaiting) {
      onFull(req, res);
      return;
    }
    waiting.push([req, res]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(nextTurn);
    }
  };
}
