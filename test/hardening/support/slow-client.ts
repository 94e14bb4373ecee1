import net from 'node:net';

/** A connection that sends a first part, then one byte every `intervalMs`, and never finishes. */
export interface SlowClient {
  /** True until the connection closed. */
  readonly open: boolean;
  /** Resolves when the connection closed: what the server wrote, and whether the server closed it. */
  readonly done: Promise<{ text: string; byServer: boolean }>;
}

/**
 * Opens a slow client: writes `first` (nothing when empty) and then trickles a byte every
 * `intervalMs` (never when 0), until the server closes the connection or `giveUpMs` passed.
 */
export function slowClient(
  baseUrl: string,
  first: string,
  intervalMs = 100,
  giveUpMs = 8000,
): SlowClient {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  let open = true;
  let text = '';
  let byServer = true;
  const drip = intervalMs > 0 ? setInterval(() => socket.write(' '), intervalMs) : undefined;
  const giveUp = setTimeout(() => {
    byServer = false;
    socket.destroy();
  }, giveUpMs);
  const done = new Promise<{ text: string; byServer: boolean }>((resolve) => {
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      open = false;
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ text, byServer });
    });
  });
  if (first) socket.write(first);
  return {
    get open() {
      return open;
    },
    done,
  };
}
