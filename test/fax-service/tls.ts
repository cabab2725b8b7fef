/**
 * The sandbox's certificates: a CA (kept in the data folder, so clients that trust it keep working across
 * restarts) and leaf certificates for 127.0.0.1/localhost signed by it — one for the server, and fresh ones
 * handed to tests that run HTTPS webhook receivers.
 */
import fs from 'node:fs';
import path from 'node:path';
import selfsigned from 'selfsigned';

export interface CertificatePair {
  cert: string;
  key: string;
}

export interface SandboxTls {
  ca: CertificatePair;
  caCertPath: string;
  server: CertificatePair;
}

const validityDays = 825;

async function createCa(): Promise<CertificatePair> {
  const notAfterDate = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'Fax Service Sandbox CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

export async function createLoopbackLeaf(ca: CertificatePair): Promise<CertificatePair> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 60_000),
    notAfterDate: new Date(Date.now() + validityDays * 24 * 3600 * 1000),
    ca: { key: ca.key, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

export async function loadOrCreateTls(dataDir: string): Promise<SandboxTls> {
  const tlsDir = path.join(dataDir, 'tls');
  fs.mkdirSync(tlsDir, { recursive: true, mode: 0o700 });
  const caCertPath = path.join(tlsDir, 'ca.pem');
  const caKeyPath = path.join(tlsDir, 'ca-key.pem');
  let ca: CertificatePair;
  if (fs.existsSync(caCertPath) && fs.existsSync(caKeyPath)) {
    ca = { cert: fs.readFileSync(caCertPath, 'utf8'), key: fs.readFileSync(caKeyPath, 'utf8') };
  } else {
    ca = await createCa();
    fs.writeFileSync(caKeyPath, ca.key, { mode: 0o600 });
    fs.writeFileSync(caCertPath, ca.cert);
  }
  const server = await createLoopbackLeaf(ca);
  fs.writeFileSync(path.join(tlsDir, 'server.pem'), server.cert);
  fs.writeFileSync(path.join(tlsDir, 'server-key.pem'), server.key, { mode: 0o600 });
  return { ca, caCertPath, server };
}
