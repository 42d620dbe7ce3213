/** A PUT the way the browser does it: to a presigned URL, bytes only. */
export async function putTo(url: string, data: Uint8Array, contentType?: string) {
  const res = await fetch(url, {
    method: 'PUT',
    body: new Uint8Array(data),
    headers: contentType ? { 'Content-Type': contentType } : {},
  });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
}
