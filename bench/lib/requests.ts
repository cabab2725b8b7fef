/** What the sandbox saw: the requests one key made (the request log is per account, entries name their key). */
import type { TestSandbox } from '../../test/fax-service/testkit';

export interface LoggedRequest {
  key_id: string | null;
  method: string;
  path: string;
  status: number;
}

export async function requestsOfKey(t: TestSandbox, accountId: string, keyId: string): Promise<LoggedRequest[]> {
  const { json } = await t.control<{ data: LoggedRequest[] }>('GET', `/accounts/${accountId}/requests`);
  return json.data.filter((entry) => entry.key_id === keyId);
}
