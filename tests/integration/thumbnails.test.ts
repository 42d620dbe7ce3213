import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { mountLocal } from '../support/local-mount';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * The explorer's thumbnails (issue 47 item 4; docs/api-extensions.md `GET /api/fs/thumbnail`) with
 * the real parts: sharp for images, Debian's ffmpeg for a video's poster and an MP3's cover (on the
 * local disk and on a real S3 server), and a server whose FFMPEG_PATH runs nothing.
 */

const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'cloudclip-media-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** A 2-second 320×240 test pattern (MP4 with its index at the end, as cameras write it). */
function makeVideo(): Buffer {
  const file = path.join(tmp, 'clip.mp4');
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10', '-pix_fmt', 'yuv420p', file);
  return fs.readFileSync(file);
}

/** A second of sound with a pure red 200×200 cover picture in its ID3 tag. */
async function makeSong(): Promise<Buffer> {
  const cover = path.join(tmp, 'cover.png');
  await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
    .png()
    .toFile(cover);
  const file = path.join(tmp, 'song.mp3');
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'sine=duration=1', '-i', cover, '-map', '0:a', '-map', '1:v'],
    ...['-c:a', 'libmp3lame', '-c:v', 'png', '-id3v2_version', '3', '-disposition:v', 'attached_pic', file],
  );
  return fs.readFileSync(file);
}

/** A 400×200 JPEG whose EXIF says "rotate 90°": shown upright it is 200×400. */
const sideways = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** What a thumbnail answer is: its status and, for a picture, its size and mean colour. */
async function thumbnail(server: RunningServer, auth: string, filePath: string) {
  const res = await fetch(`${server.url}/api/fs/thumbnail?path=${encodeURIComponent(filePath)}`, {
    headers: { Authorization: auth },
  });
  const body = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(body).metadata();
  const { channels } = await sharp(body).stats();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    format: meta.format,
    width: meta.width,
    height: meta.height,
    rgb: channels.slice(0, 3).map((c) => Math.round(c.mean)),
  };
}

/** Every file under the server's thumbnail cache (the work folder's transient copies included). */
function cached(server: RunningServer): string[] {
  const dir = path.join(server.dataDir, 'thumbnails');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    fs.statSync(path.join(dir, name)).isFile(),
  );
}

/** The explorer's page of /local/media in the grid view, as a signed-in browser without JavaScript gets it. */
async function gridPage(server: RunningServer): Promise<string> {
  const browser = formClient(() => server.url);
  await browser.login();
  const back = '/mount-explorer/local/media';
  const chosen = await browser.post(back, { intent: 'prefs', view: 'grid', back });
  const prefs = chosen.headers.get('set-cookie')!.split(';')[0]!;
  const page = await fetch(`${server.url}${back}`, { headers: { Cookie: `${browser.cookie()}; ${prefs}` } });
  expect(page.status).toBe(200);
  return page.text();
}

describe('explorer thumbnails with ffmpeg', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    await mountLocal(call, admin);
    bucket = await createTestBucket('thumbs');
    const s3Id = (await call('POST', '/s3-configs', { auth: admin, body: s3ConfigBody(bucket, { name: 'S3' }) })).body
      .data.id;
    const mounted = await call('POST', '/admin/mounts', {
      auth: admin,
      body: { name: 'S3', mount_path: '/s3', storage_config_id: s3Id, storage_type: 'S3', cache_ttl: 0 },
    });
    expect(mounted.status).toBe(200);
    const media = path.join(server.dataDir, 'storage', 'media');
    fs.mkdirSync(media, { recursive: true });
    const video = makeVideo();
    fs.writeFileSync(path.join(media, 'clip.mp4'), video);
    fs.writeFileSync(path.join(media, 'song.mp3'), await makeSong());
    fs.writeFileSync(path.join(media, 'sideways.jpg'), await sideways());
    fs.writeFileSync(path.join(media, 'notes.txt'), 'no picture here');
    await bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: 'trip/clip.mp4', Body: video }));
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
  });

  it('draws an image upright (EXIF applied) within 320 px, in its own shape', async () => {
    expect(await thumbnail(server, admin, '/local/media/sideways.jpg')).toMatchObject({
      status: 200,
      type: 'image/webp',
      format: 'webp',
      width: 160,
      height: 320,
    });
  });

  it('draws a video’s frame and an MP3’s cover, from the local disk and from S3', async () => {
    for (const where of ['/local/media/clip.mp4', '/s3/trip/clip.mp4']) {
      const poster = await thumbnail(server, admin, where);
      expect(poster, where).toMatchObject({ status: 200, format: 'webp', width: 320, height: 240 });
    }
    const cover = await thumbnail(server, admin, '/local/media/song.mp3');
    expect(cover).toMatchObject({ status: 200, width: 200, height: 200 });
    const [red, green, blue] = cover.rgb;
    expect(red).toBeGreaterThan(230);
    expect(green! + blue!).toBeLessThan(30);
    // ffmpeg's copies of the files are gone once it has drawn them.
    expect(cached(server).filter((name) => name.startsWith('work'))).toEqual([]);
  });

  it('gives a single video’s share page its poster frame, without spending a limited view', async () => {
    const body = { path: '/local/media/clip.mp4', max_views: 2 };
    const share = (await call('POST', '/fs/create-share', { auth: admin, body })).body.data;
    // Without the page's grant, a view-limited share's poster is refused, not counted.
    expect((await fetch(`${server.url}/api/file-thumbnail/${share.slug}`)).status).toBe(403);
    const page = await fetch(`${server.url}/file/${share.slug}`);
    const html = await page.text();
    expect(html).toContain(`poster="/api/file-thumbnail/${share.slug}"`);
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.includes('/api/file-thumbnail/'))!
      .split(';')[0]!;
    const poster = await fetch(`${server.url}/api/file-thumbnail/${share.slug}`, { headers: { Cookie: cookie } });
    expect(poster.status).toBe(200);
    expect(await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
    });
    const views = (await call('GET', `/files/${share.fileId}`, { auth: admin })).body.data.views;
    expect(views).toBe(1);
  });

  it('gives a folder share’s visitors the video’s poster in their gallery, in its own shape', async () => {
    const share = (await call('POST', '/fs/create-share', { auth: admin, body: { path: '/local/media/' } })).body.data;
    const res = await fetch(`${server.url}/api/file-thumbnail/${share.slug}?path=${encodeURIComponent('/clip.mp4')}`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const gallery = await (await fetch(`${server.url}/file/${share.slug}?view=gallery`)).text();
    expect(gallery).toContain(`/api/file-thumbnail/${share.slug}?path=${encodeURIComponent('/clip.mp4')}`);
  });

  it('answers the placeholder, never an error, for a file without a picture; and 401 without a session', async () => {
    expect(await thumbnail(server, admin, '/local/media/notes.txt')).toMatchObject({ status: 404, type: 'image/webp' });
    expect(await thumbnail(server, admin, '/local/media/gone.png')).toMatchObject({ status: 404, type: 'image/webp' });
    const anonymous = await fetch(`${server.url}/api/fs/thumbnail?path=/local/media/sideways.jpg`);
    expect(anonymous.status).toBe(401);
  });

  it('makes each thumbnail once, and a file deleted through the app takes its thumbnail with it', async () => {
    await thumbnail(server, admin, '/local/media/sideways.jpg');
    const before = cached(server);
    await thumbnail(server, admin, '/local/media/sideways.jpg');
    expect(cached(server)).toEqual(before);
    const mine = before.filter((name) => name.startsWith('fs/'));
    expect(mine.length).toBeGreaterThanOrEqual(3); // the photo, the local video and the cover

    const removed = await call('DELETE', '/fs/batch-remove', {
      auth: admin,
      body: { paths: ['/local/media/sideways.jpg'] },
    });
    expect(removed.status).toBe(200);
    expect(cached(server).filter((name) => name.startsWith('fs/'))).toHaveLength(mine.length - 1);
    // A folder deleted takes the thumbnails of everything in it.
    const folder = await call('DELETE', '/fs/batch-remove', { auth: admin, body: { paths: ['/s3/trip/'] } });
    expect(folder.body.data).toMatchObject({ success: 1 });
    expect(cached(server).filter((name) => name.startsWith('fs/'))).toHaveLength(mine.length - 2);
  });

  it('shows the explorer’s grid with posters for videos and audio', async () => {
    const page = await gridPage(server);
    expect(page).toContain(`src="/api/fs/thumbnail?path=${encodeURIComponent('/local/media/clip.mp4')}"`);
    expect(page).toContain(`src="/api/fs/thumbnail?path=${encodeURIComponent('/local/media/song.mp3')}"`);
  });
});

describe('explorer thumbnails without ffmpeg', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
    admin = await adminAuth(call);
    await mountLocal(call, admin);
    const media = path.join(server.dataDir, 'storage', 'media');
    fs.mkdirSync(media, { recursive: true });
    fs.writeFileSync(path.join(media, 'clip.mp4'), makeVideo());
    fs.writeFileSync(path.join(media, 'sideways.jpg'), await sideways());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('still draws images; a video gets the placeholder and the grid its type icon', async () => {
    expect(await thumbnail(server, admin, '/local/media/sideways.jpg')).toMatchObject({ status: 200, height: 320 });
    expect(await thumbnail(server, admin, '/local/media/clip.mp4')).toMatchObject({ status: 404, type: 'image/webp' });
    const page = await gridPage(server);
    expect(page).toContain(`src="/api/fs/thumbnail?path=${encodeURIComponent('/local/media/sideways.jpg')}"`);
    expect(page).not.toContain(`/api/fs/thumbnail?path=${encodeURIComponent('/local/media/clip.mp4')}`);
    // Nothing was cached for the video: with ffmpeg installed later, it gets its poster.
    expect(cached(server).some((name) => name.endsWith('.none'))).toBe(false);
  });
});
