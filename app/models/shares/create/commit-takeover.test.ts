import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_INSTANCE } from '~/process-instance.server';
import { rejection } from '../../../../tests/support/rejection';
import { tempModelContext, type TempContext } from '../../../../tests/support/model-context';
import { ADMIN } from '../../../../tests/support/principals';
import { exitedPid, instanceOf } from '../../../../tests/support/process-instances';
import { commitUpload, presignUpload } from './direct-uploads.server';
import { pendingKeyOf } from '../pending-objects.server';

/**
 * A commit cut off by a killed process (issue 27 B9): the upload stays "committing", and a retry
 * answered 409 for fifteen minutes. A claim whose holder is known to be gone is taken over at once;
 * one held by a live process still refuses the second commit.
 */
describe('share upload commit after a killed process', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());

  async function pendingWithBytes(name: string) {
    const { file } = await presignUpload(temp.ctx, ADMIN, { filename: name, size: 5, options: {} });
    const key = path.join(temp.dir, 'storage', pendingKeyOf(file.id));
    fs.mkdirSync(path.dirname(key), { recursive: true });
    fs.writeFileSync(key, 'bytes');
    return file;
  }
  const holdCommit = (id: string, holder: string) =>
    temp.ctx.db.fileShare.update({ where: { id }, data: { status: 'committing', commitHolder: holder } });

  it('takes over at once a commit whose process is gone', async () => {
    const file = await pendingWithBytes('dead.txt');
    await holdCommit(file.id, instanceOf(exitedPid()));
    await commitUpload(temp.ctx, ADMIN, file.id);
    const row = await temp.ctx.db.fileShare.findUniqueOrThrow({ where: { id: file.id } });
    expect(row).toMatchObject({ status: 'ready', commitHolder: null });
  });

  it('takes over a commit cut off after its move: the object is already in place', async () => {
    const file = await pendingWithBytes('moved.txt');
    const pending = path.join(temp.dir, 'storage', pendingKeyOf(file.id));
    const target = path.join(temp.dir, 'storage', file.storagePath);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(pending, target);
    await holdCommit(file.id, instanceOf(exitedPid()));
    await commitUpload(temp.ctx, ADMIN, file.id);
    expect((await temp.ctx.db.fileShare.findUniqueOrThrow({ where: { id: file.id } })).status).toBe('ready');
  });

  it('still refuses a second commit while a live process holds the first', async () => {
    const file = await pendingWithBytes('live.txt');
    await holdCommit(file.id, PROCESS_INSTANCE);
    const refused = await rejection(commitUpload(temp.ctx, ADMIN, file.id));
    expect(`${refused.kind}:${refused.messageKey}`).toBe('conflict:uploadCommitting');
  });
});
