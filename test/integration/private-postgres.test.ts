/**
 * Private clusters are copies of one template a run makes (test/helpers/postgres-template.ts): each is still a
 * server of its own — its own port, folder and databases — and the run's templates folder holds one template for
 * the server programs in use, however many clusters start from it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';

let first: PrivatePostgres;
let second: PrivatePostgres;

beforeAll(async () => {
  first = await startPrivatePostgres();
  second = await startPrivatePostgres();
});

afterAll(() => {
  first.destroy();
  second.destroy();
});

describe('private PostgreSQL clusters from one template', () => {
  it('are separate servers: a database or role made in one is not in the other, and one stopping leaves the other up', () => {
    expect(first.port).not.toBe(second.port);
    const made = first.createDatabase('only_first');
    first.sql('postgres', 'CREATE ROLE only_in_first NOLOGIN');
    expect(first.sql('postgres', `SELECT count(*) FROM pg_database WHERE datname = '${made}'`)).toBe('1\n');
    expect(second.sql('postgres', `SELECT count(*) FROM pg_database WHERE datname = '${made}'`)).toBe('0\n');
    expect(second.sql('postgres', "SELECT count(*) FROM pg_roles WHERE rolname = 'only_in_first'")).toBe('0\n');
    first.stop();
    expect(second.sql('postgres', 'SELECT 1')).toBe('1\n');
    first.start();
    expect(first.sql('postgres', `SELECT count(*) FROM pg_database WHERE datname = '${made}'`)).toBe('1\n');
  });

  it("come from one template in the run's templates folder", () => {
    const folder = process.env.FAX_TEST_PG_TEMPLATES;
    expect(folder).toBeTruthy();
    // Finished templates only: one being made by another worker right now has a name with a suffix.
    const templates = fs.readdirSync(folder ?? '').filter((name) => /^[0-9a-f]{16}$/.test(name));
    expect(templates).toHaveLength(1);
    expect(first.password).toBe(second.password);
  });
});
