/**
 * A TCP proxy in front of a server, to take a desk off the network and back: `cut()` drops every connection and
 * refuses new ones (as a pulled cable or a dead VPN does), `restore()` lets them through again.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((incoming) => {
    if (cut) {
      incoming.destroy();
      return;
    }
    const outgoing = net.connect(target.port, target.host);
    open.add(incoming);
    open.add(outgoing);
    const drop = (): void => {
      incoming.destroy();
      outgoing.destroy();
      open.delete(incoming);
      open.delete(outgoing);
    };
    incoming.on('error', drop).on('close', drop);
    outgoing.on('error', drop).on('close', drop);
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy has no port');
  return {
    port: address.port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
