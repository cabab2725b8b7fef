// Loaded with --import into a process that must never reach the network: every way out throws, and says so on
// stderr (a test reads it), instead of quietly timing out.
import dns from 'node:dns';
import net from 'node:net';
import http from 'node:http';
import https from 'node:https';

function refuse(what) {
  return () => {
    process.stderr.write(`NETWORK-ATTEMPT ${what}\n`);
    throw new Error(`network is cut (${what})`);
  };
}
net.connect = refuse('net.connect');
net.createConnection = refuse('net.createConnection');
net.Socket.prototype.connect = refuse('socket.connect');
dns.lookup = refuse('dns.lookup');
dns.promises.lookup = refuse('dns.promises.lookup');
http.request = refuse('http.request');
http.get = refuse('http.get');
https.request = refuse('https.request');
https.get = refuse('https.get');
globalThis.fetch = refuse('fetch');
