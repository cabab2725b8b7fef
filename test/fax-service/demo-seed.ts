/**
 * The demo account: a Team plan part-way through its month, two fax numbers, an address book, cover sheets, and
 * some history both ways. Used by `npm run demo` and the UI tests. All data is invented.
 */
import type { Sandbox } from './server';
import { rawRequest } from './raw-request';

export interface DemoAccount {
  accountId: string;
  apiKey: string;
  coverIds: string[];
}

const contacts: Array<[string, string, string]> = [
  ['Dr. Alice Moreno', '+14155550101', 'Riverside Clinic'],
  ['Bob Chen', '+14155550102', 'Northgate Pharmacy'],
  ['Carla Diaz', '+14155550103', 'St. Mary Radiology'],
  ['Dev Patel', '+14155550104', 'City Lab Services'],
  ['Eun-ji Park', '+14155550105', 'Lakeside Dental'],
  ['Farah Haddad', '+442079460958', 'London Referral Centre'],
  ['Gustavo Lima', '+14155550486', 'Busy Line Associates'],
  ['Hana Suzuki', '+14155550408', 'No Answer Medical'],
  ['Ivan Petrov', '+14155550415', 'Voice Only Office'],
  ['Julia Rossi', '+4930901820', 'Berlin Praxis'],
];

export async function seedDemoAccount(sandbox: Sandbox): Promise<DemoAccount> {
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await rawRequest(`${sandbox.controlUrl}${path}`, {
      method,
      ca: sandbox.caCert,
      headers: { Authorization: `Bearer ${sandbox.controlToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`demo seed: ${method} ${path} → ${response.status} ${response.body.toString()}`);
    return response.json as T;
  };
  const { id: accountId } = await control<{ id: string }>('POST', '/accounts', { plan: 'team', page_limit: 500, pages_used: 186, name: 'Harbor Family Practice' });
  await control('POST', `/accounts/${accountId}/numbers`, { number: '+14155559000', label: 'Front desk' });
  await control('POST', `/accounts/${accountId}/numbers`, { number: '+14155559001', label: 'Billing' });
  for (const [name, number, company] of contacts) await control('POST', `/accounts/${accountId}/contacts`, { name, fax_number: number, company });
  const coverIds = [
    (await control<{ id: string }>('POST', `/accounts/${accountId}/covers`, { name: 'Standard (confidential)' })).id,
    (await control<{ id: string }>('POST', `/accounts/${accountId}/covers`, { name: 'Referral' })).id,
  ];
  const day = 24 * 3600;
  const now = Date.now();
  await control('POST', `/accounts/${accountId}/faxes`, { direction: 'outbound', count: 30, pages: 2, status: 'delivered', spacing_seconds: day / 3, newest_at: new Date(now - 2 * day * 1000).toISOString() });
  await control('POST', `/accounts/${accountId}/faxes`, { direction: 'outbound', count: 4, pages: 1, status: 'failed', spacing_seconds: day, newest_at: new Date(now - day * 1000).toISOString() });
  await control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: 25, pages: 3, spacing_seconds: day / 2, newest_at: new Date(now - 3 * 3600 * 1000).toISOString() });
  const { key: apiKey } = await control<{ key: string }>('POST', `/accounts/${accountId}/keys`, {
    scopes: ['fax:send', 'fax:read', 'contacts:read', 'numbers:read', 'account:read', 'webhooks:read', 'webhooks:write'],
  });
  return { accountId, apiKey, coverIds };
}
