import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { thumbnailDir } from './cache.server';

/**
 * Posters of videos and covers of audio files, drawn by ffmpeg (FFMPEG_PATH; the Docker image has
 * it). Without ffmpeg a video or a song simply has no thumbnail — the pages show its type icon —
 * never an error. ffmpeg reads a copy of the file's first POSTER_MAX_SOURCE_BYTES in a work folder
 * (a video's index may sit at its end, which a pipe cannot seek to); the copy goes when ffmpeg ends,
 * and the work folder is emptied when the server starts making thumbnails.
 */

/** Videos and audio longer than this are read only this far (a poster is near the start). */
export const POSTER_MAX_SOURCE_BYTES = 64 * 1024 * 1024;
/** ffmpeg gets this long for one picture. */
const POSTER_TIMEOUT_MS = 20_000;

/** Types that may get a poster (a frame) or a cover (the attached picture), when ffmpeg runs. */
export function posterKindOf(mimetype: string): 'video' | 'audio' | null {
  const type = (mimetype.split(';')[0] ?? '').trim().toLowerCase();
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return null;
}

const found = new Map<string, Promise<boolean>>();

/** Whether `ffmpeg` runs here (asked once per path). */
export function ffmpegRuns(ffmpeg: string): Promise<boolean> {
  let known = found.get(ffmpeg);
  if (!known) {
    known = new Promise<boolean>((resolve) => {
      const child = spawn(ffmpeg, ['-hide_banner', '-version'], { stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('exit', (code) => resolve(code === 0));
    });
    found.set(ffmpeg, known);
  }
  return known;
}

/** Whether this server draws posters and covers (its ffmpeg runs): the pages show a type icon otherwise. */
export const postersDrawn = (ctx: { config: { ffmpegPath: string } }) => ffmpegRuns(ctx.config.ffmpegPath);

const workReady = new Map<string, Promise<string>>();

/** The work folder of a data folder, emptied once per process (what a killed server left behind goes). */
function workDir(dataDir: string): Promise<string> {
  let ready = workReady.get(dataDir);
  if (!ready) {
    ready = (async () => {
      const dir = path.join(thumbnailDir(dataDir), 'work');
      await fsp.rm(dir, { recursive: true, force: true });
      await fsp.mkdir(dir, { recursive: true });
      return dir;
    })();
    workReady.set(dataDir, ready);
  }
  return ready;
}

/** Copies at most POSTER_MAX_SOURCE_BYTES of `source` to `file`. */
async function copyHead(source: Readable, file: string): Promise<void> {
  let left = POSTER_MAX_SOURCE_BYTES;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        if (left <= 0) break;
        const part = chunk.length > left ? chunk.subarray(0, left) : chunk;
        left -= part.length;
        yield part;
      }
    },
    fs.createWriteStream(file),
  );
  source.destroy();
}

/** Runs ffmpeg; answers what it wrote to stdout (a PNG) or an empty buffer. */
function runFfmpeg(ffmpeg: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), POSTER_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(out));
    });
  });
}

/**
 * A PNG of the video's frame at one second (its first frame when shorter), or of the audio file's
 * cover; null when there is none (no picture in the file, or not a file ffmpeg can read).
 */
export async function posterFrame(
  ffmpeg: string,
  dataDir: string,
  kind: 'video' | 'audio',
  source: Readable,
): Promise<Buffer | null> {
  const file = path.join(await workDir(dataDir), randomUUID());
  try {
    await copyHead(source, file);
    const picture = (seek: string[]) =>
      runFfmpeg(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', ...seek, '-i', file],
        ...['-map', '0:v:0', '-frames:v', '1', '-an', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      ]);
    let png = await picture(kind === 'video' ? ['-ss', '1'] : []);
    if (!png.length && kind === 'video') png = await picture([]);
    return png.length ? png : null;
  } finally {
    await fsp.rm(file, { force: true });
  }
}
