/**
 * `npm run sandbox -- --port <n|0> --data <dir> [--id-base <digits>]`: starts the sandbox Fax Service and prints
 * one JSON line, {"baseUrl","controlUrl","controlToken","caCertPath"}, when it is ready. State persists in --data.
 * `--id-base 9007199254740992` (or a snowflake-like 1800000000000000000) gives 64-bit fax ids above that base.
 */
import { parseArgs } from 'node:util';
import { startSandbox } from './server';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '0' }, data: { type: 'string', default: '.sandbox-data' }, 'id-base': { type: 'string', default: '0' } },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write('--port must be a number from 0 to 65535 (0 picks a free port).\n');
  process.exit(2);
}

if (!/^\d{1,19}$/.test(values['id-base'])) {
  process.stderr.write('--id-base must be a whole number below 10^19 (0: fax ids are row numbers).\n');
  process.exit(2);
}
const sandbox = await startSandbox({ dataDir: values.data, port, idBase: BigInt(values['id-base']) });
process.stdout.write(
  `${JSON.stringify({ baseUrl: sandbox.baseUrl, controlUrl: sandbox.controlUrl, controlToken: sandbox.controlToken, caCertPath: sandbox.caCertPath })}\n`,
);

const stop = (): void => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
