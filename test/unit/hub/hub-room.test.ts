// When a desk keeps its connection to the hub, and when it visits instead: a tenth of the server's connections (at
// least three) stays free for visits, starting desks and the administrator.
import { describe, expect, it } from 'vitest';
import { mayKeepConnection, mayStartKeeping, shouldGiveUpConnection, spareRoom } from '../../../main/hub/hub-room';

describe('room on the hub', () => {
  it('keeps a tenth of the usable connections spare, at least three', () => {
    expect(spareRoom(97)).toBe(10);
    expect(spareRoom(12)).toBe(3);
    expect(spareRoom(297)).toBe(30);
  });

  it('on a default server (97 usable) at most 87 desks keep a connection; the next visit', () => {
    let kept = 0;
    for (let desk = 1; desk <= 120; desk += 1) {
      // Each desk looks right after connecting: its own connection is counted.
      if (mayKeepConnection({ usable: 97, used: kept + 1 })) kept += 1;
    }
    expect(kept).toBe(87);
  });

  it('a visiting desk keeps its connection again only with twice the spare room free; a full hub makes a third of the keepers give up', () => {
    expect(mayStartKeeping({ usable: 97, used: 78 })).toBe(false);
    expect(mayStartKeeping({ usable: 97, used: 77 })).toBe(true);
    expect(shouldGiveUpConnection({ usable: 97, used: 93 }, 0.1)).toBe(true);
    expect(shouldGiveUpConnection({ usable: 97, used: 93 }, 0.5)).toBe(false);
    expect(shouldGiveUpConnection({ usable: 97, used: 90 }, 0)).toBe(false);
  });
});
