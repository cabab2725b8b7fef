/**
 * A TCP proxy in front of a server, to take a desk off the network and back: `cut()` drops every connection and
 * refuses new ones (as a dead VPN does), `stall()` keeps every connection open but lets nothing through and takes
 * new ones without answering (as a pulled cable or a laptop asleep looks from the desk: silence, no reset),
 * `restore()` lets them through again (a stalled connection stays dead, as a real one would after its peer gave
 * up: it is dropped on restore).
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const silent = new Set<net.Socket>();
  let cut = false;
  let stalled = false;
  const server = net.createServer((incoming) => {
    if (cut) {
      incoming.destroy();
      return;
    }
    if (stalled) {
      incoming.pause();
      silent.add(incoming);
      incoming.on('error', () => silent.delete(incoming));
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
  const dropStalled = (): void => {
    for (const socket of silent) socket.destroy();
    silent.clear();
  };
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
    stall() {
      stalled = true;
      for (const socket of open) {
        socket.unpipe();
        socket.pause();
        silent.add(socket);
      }
      open.clear();
    },
    restore() {
      cut = false;
      if (stalled) {
        stalled = false;
        dropStalled();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        dropStalled();
        server.close(() => resolve());
      }),
  };
}
