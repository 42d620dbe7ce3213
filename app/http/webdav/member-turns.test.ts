import { setTimeout as sleep } from 'node:timers/promises';
import { Method } from 'nephele';
import { describe, expect, it } from 'vitest';

/**
 * nephele copies, moves and deletes a folder member by member; Cloudclip's patch of it
 * (scripts/patch-packages.mjs, docs/decisions/0012-webdav-door.md) works on a folder's files a few
 * at a time and on its folders one after another.
 */
interface Member {
  name: string;
  isCollection: () => Promise<boolean>;
}

const eachMemberInTurn = (
  Method.prototype as unknown as {
    eachMemberInTurn: (children: Member[], work: (child: Member) => Promise<void>) => Promise<void>;
  }
).eachMemberInTurn;

const member = (name: string, folder = false): Member => ({ name, isCollection: async () => folder });

describe("nephele's folder members, in turn (patched)", () => {
  it('works on files eight at a time and on each folder alone, every member once', async () => {
    const members = [
      ...Array.from({ length: 20 }, (_, i) => member(`file-${i}`)),
      member('folder-a', true),
      member('folder-b', true),
    ];
    let working = 0;
    let most = 0;
    const done: string[] = [];
    await eachMemberInTurn(members, async (child) => {
      const folder = await child.isCollection();
      // A folder's own members are worked on inside its turn: nothing else may run beside it.
      if (folder) expect(working).toBe(0);
      working++;
      most = Math.max(most, working);
      await sleep(folder ? 20 : 5);
      working--;
      done.push(child.name);
    });
    expect(most).toBe(8);
    expect(done.toSorted()).toEqual(members.map((m) => m.name).toSorted());
  });

  it('ends every member before it throws what one of them threw', async () => {
    const members = Array.from({ length: 12 }, (_, i) => member(`file-${i}`));
    const done: string[] = [];
    const failing = eachMemberInTurn(members, async (child) => {
      await sleep(5);
      if (child.name === 'file-2') throw new Error('storage gone');
      done.push(child.name);
    });
    await expect(failing).rejects.toThrow('storage gone');
    expect(done).toHaveLength(11);
  });
});
