/**
 * `npm run sandbox -- --port <n|0> --data <dir>`: starts the sandbox Fax Service and prints one JSON line,
 * {"baseUrl","controlUrl","controlToken","caCertPath"}, when it is ready. State persists in --data.
 */
import { parseArgs } from 'node:util';
import { startSandbox } from './server';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '0' }, data: { type: 'string', default: '.sandbox-data' } },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write('--port must be a number from 0 to 65535 (0 picks a free port).\n');
  process.exit(2);
}

const sandbox = await startSandbox({ dataDir: values.data, port });
process.stdout.write(
  `${JSON.stringify({ baseUrl: sandbox.baseUrl, controlUrl: sandbox.controlUrl, controlToken: sandbox.controlToken, caCertPath: sandbox.caCertPath })}\n`,
);

const stop = (): void => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
