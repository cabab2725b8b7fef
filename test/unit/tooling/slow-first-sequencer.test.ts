import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typicalSeconds } from '../../slow-first-sequencer';

describe('the suite order table', () => {
  it('names only test files that exist, so a renamed slow file is not silently run last', () => {
    const missing = Object.keys(typicalSeconds).filter((file) => !fs.existsSync(path.resolve('test', file)));
    expect(missing).toEqual([]);
  });
});
