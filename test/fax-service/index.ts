export { startSandbox, type Sandbox, type SandboxOptions } from './server';
export { signPayload, retryDelaysMs } from './webhook-delivery';
