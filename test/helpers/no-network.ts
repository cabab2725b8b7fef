// Loaded first (bundled, with --require: test/helpers/recognition-bundle.ts) into a process that must never reach
// the network: every way out throws, and says so on stderr, instead of quietly timing out.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

function refuse(what: string): () => never {
  return () => {
    process.stderr.write(`NETWORK-ATTEMPT ${what}\n`);
    throw new Error(`network is cut (${what})`);
  };
}

const writable = (target: object): Record<string, unknown> => target as Record<string, unknown>;
writable(net).connect = refuse('net.connect');
writable(net).createConnection = refuse('net.createConnection');
writable(net.Socket.prototype).connect = refuse('socket.connect');
writable(dns).lookup = refuse('dns.lookup');
writable(dns.promises).lookup = refuse('dns.promises.lookup');
writable(http).request = refuse('http.request');
writable(http).get = refuse('http.get');
writable(https).request = refuse('https.request');
writable(https).get = refuse('https.get');
writable(globalThis).fetch = refuse('fetch');
