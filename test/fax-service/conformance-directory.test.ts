// Spec section "Address book, numbers, account".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type ListJson, type TestSandbox } from './testkit';

let t: TestSandbox;
let key: string;
let accountId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  ({ key, accountId } = await t.fullAccess({ plan: 'team', page_limit: 500, pages_used: 120 }));
  for (const [name, number, company] of [
    ['Dr. Alice Moreno', '+14155550001', 'Riverside Clinic'],
    ['Bob Chen', '+14155550002', 'Northgate Pharmacy'],
    ['Carla Diaz', '+14155550003', 'Riverside Clinic'],
  ] as const) {
    await t.control('POST', `/accounts/${accountId}/contacts`, { name, fax_number: number, company });
  }
  await t.control('POST', `/accounts/${accountId}/numbers`, { number: '+14155559000', label: 'Front desk' });
});
afterAll(async () => t.close());

interface Contact {
  name: string;
  fax_number: string;
  company: string;
}

describe('Address book, numbers, account', () => {
  it('[D1] GET /contacts lists the address book in the list envelope', async () => {
    const list = (await t.api(key, 'GET', '/contacts')).json as ListJson<Contact>;
    expect(list.data.total).toBe(3);
    expect(list.data.data.map((contact) => contact.name)).toEqual(['Bob Chen', 'Carla Diaz', 'Dr. Alice Moreno']);
  });

  it('[D1] q searches name, number and company (case-insensitive); limit and offset page the result', async () => {
    const search = async (query: string) => ((await t.api(key, 'GET', `/contacts?${query}`)).json as ListJson<Contact>).data;
    expect((await search('q=riverside')).data.map((contact) => contact.name)).toEqual(['Carla Diaz', 'Dr. Alice Moreno']);
    expect((await search('q=0002')).data.map((contact) => contact.name)).toEqual(['Bob Chen']);
    expect((await search('q=ALICE')).total).toBe(1);
    expect((await search('q=nobody')).total).toBe(0);
    const page = await search('limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1, has_more: true });
    expect(page.data[0]?.name).toBe('Carla Diaz');
  });

  it('[D2] GET /numbers lists the account\'s active fax numbers', async () => {
    const list = (await t.api(key, 'GET', '/numbers')).json as ListJson<{ number: string; label: string }>;
    expect(list.data.data).toEqual([expect.objectContaining({ number: '+14155559000', label: 'Front desk' })]);
  });

  it('[D2][D3] numbers and cover sheets made in the same instant are listed in the order they were made', async () => {
    const made = await t.fullAccess();
    const names = Array.from({ length: 12 }, (_, index) => `Cover ${String(index)}`);
    const numbers = names.map((_, index) => `+1415555${String(7000 + index)}`);
    // The sandbox's clock does not move between these calls: every row has the same created_at.
    for (const name of names) await t.control('POST', `/accounts/${made.accountId}/covers`, { name });
    for (const number of numbers) await t.control('POST', `/accounts/${made.accountId}/numbers`, { number });
    const account = (await t.api(made.key, 'GET', '/account')).json as { data: { cover_sheets: Array<{ name: string }> } };
    expect(account.data.cover_sheets.map((cover) => cover.name)).toEqual(names);
    const listed = (await t.api(made.key, 'GET', '/numbers?limit=100')).json as ListJson<{ number: string }>;
    expect(listed.data.data.map((row) => row.number)).toEqual(numbers);
  });

  it('[D3] GET /account gives plan, pages used, page limit and billing cycle', async () => {
    const { data } = (await t.api(key, 'GET', '/account')).json as { data: Record<string, unknown> };
    expect(data).toMatchObject({ plan: 'team', pages_used: 120, page_limit: 500 });
    expect(data.billing_cycle).toMatchObject({ start: expect.stringMatching(/^\d{4}-\d{2}-01$/) as unknown });
  });

  it('[A4] each of these needs its own scope', async () => {
    const onlyAccount = await t.key(accountId, ['account:read']);
    expect((await t.api(onlyAccount.key, 'GET', '/account')).status).toBe(200);
    expect((await t.api(onlyAccount.key, 'GET', '/contacts')).status).toBe(403);
    expect((await t.api(onlyAccount.key, 'GET', '/numbers')).status).toBe(403);
    const onlyContacts = await t.key(accountId, ['contacts:read']);
    expect((await t.api(onlyContacts.key, 'GET', '/contacts')).status).toBe(200);
    expect((await t.api(onlyContacts.key, 'GET', '/account')).status).toBe(403);
  });
});
