import { describe, expect, it } from 'vitest';
import { createDisposables } from '../../../main/runtime/disposables';

describe('disposables', () => {
  it('undoes newest first, once, and an undo that throws does not stop the others', () => {
    const errors: unknown[] = [];
    const store = createDisposables((error) => errors.push(error));
    const undone: string[] = [];
    store.add(() => undone.push('listener'));
    store.add(() => {
      throw new Error('watcher already closed');
    });
    store.add(() => undone.push('timer'));
    store.dispose();
    store.dispose();
    expect(undone).toEqual(['timer', 'listener']);
    expect(errors).toHaveLength(1);
    store.add(() => undone.push('again'));
    store.dispose();
    expect(undone).toEqual(['timer', 'listener', 'again']);
  });
});
