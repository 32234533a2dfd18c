// How the speed test's download streams are read (run-test.ts).

/** The buffer a download stream is read into, over and over (a byte stream's BYOB reader). */
const READ_BUFFER_BYTES = 256 * 1024;

/**
 * Reads a download body to its end, counting the bytes as they arrive. Where the body is a byte
 * stream (Chromium's and Firefox's fetch), into one reused buffer (BYOB): no new buffer per chunk
 * for the receiving thread to allocate and the collector to sweep, which at 300 Mbit/s on a device
 * short of CPU left the receiver behind the link (TCP then slows the sender: −6 % in one run in
 * four on the 2-core test machine). Elsewhere, the default reader.
 */
export async function readCounting(body: ReadableStream<Uint8Array>, count: (bytes: number) => void): Promise<void> {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch {
    byob = undefined;
  }
  if (byob) {
    let buffer = new ArrayBuffer(READ_BUFFER_BYTES);
    for (;;) {
      const { done, value } = await byob.read(new Uint8Array(buffer));
      if (done || !value) break;
      count(value.byteLength);
      buffer = value.buffer as ArrayBuffer;
    }
    return;
  }
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    count(value.byteLength);
  }
}
