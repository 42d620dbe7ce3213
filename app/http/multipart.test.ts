import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { AppError } from '~/lib/errors';
import { eachFormFile } from './multipart.server';

const BOUNDARY = 'cloudclip-test';
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A multipart body of the parts given, in order: a field is [name, value], a file [name, filename, content]. */
function body(parts: ([string, string] | [string, string, string])[]): Readable {
  const chunks = parts.map((part) =>
    part.length === 2
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part[0]}"; filename="${part[1]}"\r\n` +
        `Content-Type: text/plain\r\n\r\n${part[2]}\r\n`,
  );
  return Readable.from([Buffer.from(chunks.join('') + `--${BOUNDARY}--\r\n`)]);
}

describe('eachFormFile', () => {
  it('hands the files one at a time, in order, with the fields before them', async () => {
    const seen: string[] = [];
    let inside = 0;
    const count = await eachFormFile(
      headers,
      body([
        ['note', 'hello'],
        ['file', 'a.txt', 'first'],
        ['file', 'b.txt', 'second'],
      ]),
      10,
      async (file) => {
        inside++;
        expect(inside, 'never two at once').toBe(1);
        seen.push(`${file.fields.note}:${file.filename}:${await text(file.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inside--;
      },
    );
    expect(count).toBe(2);
    expect(seen).toEqual(['hello:a.txt:first', 'hello:b.txt:second']);
  });

  it('skips an empty file input and counts no file', async () => {
    const count = await eachFormFile(headers, body([['file', '', '']]), 10, async () => {
      throw new Error('not called');
    });
    expect(count).toBe(0);
  });

  it('stops at the first failing file: the ones before stay handled, the rest never come', async () => {
    const seen: string[] = [];
    const parse = eachFormFile(
      headers,
      body([
        ['file', 'a.txt', 'one'],
        ['file', 'b.txt', 'two'],
        ['file', 'c.txt', 'three'],
      ]),
      10,
      async (file) => {
        seen.push(file.filename);
        await text(file.body);
        if (file.filename === 'b.txt') throw new AppError('invalid', 'fileTooLarge');
      },
    );
    await expect(parse).rejects.toMatchObject({ messageKey: 'fileTooLarge' });
    expect(seen).toEqual(['a.txt', 'b.txt']);
  });

  it('refuses more files than it takes', async () => {
    const parse = eachFormFile(
      headers,
      body([
        ['file', 'a.txt', 'one'],
        ['file', 'b.txt', 'two'],
      ]),
      1,
      async (file) => void (await text(file.body)),
    );
    await expect(parse).rejects.toMatchObject({ messageKey: 'tooManyFiles' });
  });
});
