// Applies Cloudclip's recorded fixes to the built files of three packages, after every npm install
// (package.json "postinstall"): nephele's (docs/decisions/0012-webdav-door.md), yazl's
// (docs/decisions/0011-streamed-zip.md) and Prisma's SQLite adapter's (decision 0050). Each fix
// names the exact text it replaces in the pinned version; when that text is neither there nor
// already replaced (another version), the install fails loudly instead of running an unpatched
// WebDAV server, zip writer or database adapter.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const NEPHELE_FIXES = [
  {
    why: 'RFC 4918 §14.17: a LOCK request may leave out <owner>; nephele refused it with 400',
    file: 'dist/Methods/LOCK.js',
    from: `        if (!('owner' in xml.lockinfo) ||
            !xml.lockinfo.owner.length ||
            Object.keys(xml.lockinfo.owner[0]).length === 0) {
            throw new BadRequestError('LOCK method requires a filled owner element.');
        }
        const owner = xml.lockinfo.owner[0];`,
    to: `        // Cloudclip patch: <owner> is optional (RFC 4918 §14.17).
        const owner = 'owner' in xml.lockinfo && xml.lockinfo.owner.length ? xml.lockinfo.owner[0] : undefined;`,
  },
  {
    why: 'RFC 4918 §8.2: a request body that is not well-formed XML is a 400, not a 500',
    file: 'dist/Methods/Method.js',
    from: `    async parseXml(xml) {
        let parsed = await this.xmlParser.parseStringPromise(xml);`,
    to: `    async parseXml(xml) {
        // Cloudclip patch: malformed XML is the client's mistake (RFC 4918 §8.2).
        let parsed = await this.xmlParser.parseStringPromise(xml).catch((error) => {
            throw new BadRequestError(\`The request body is not well-formed XML: \${error.message.split('\\n')[0]}\`);
        });`,
  },
  {
    why: 'docs/product/api.md §4: multistatus hrefs are absolute paths (/dav/…), not URLs built on the Host header',
    file: 'dist/MultiStatus.js',
    from: `            href: { _: this.href.toString() },`,
    to: `            href: { _: this.href.pathname }, // Cloudclip patch: an absolute path, whatever Host said`,
  },
  {
    why: 'issue 27 B3: an XML body the door already read within its bounds (app/http/webdav/xml-body.ts) is used as read',
    file: 'dist/Methods/Method.js',
    from: `    async getBodyStream(request, response) {
        if (request.get('Content-Length') === '0') {`,
    to: `    async getBodyStream(request, response) {
        // Cloudclip patch: the bounded body read before nephele (app/http/webdav/xml-body.ts).
        if (request.cloudclipBody) {
            return Readable.from([request.cloudclipBody]);
        }
        if (request.get('Content-Length') === '0') {`,
  },
  {
    why: 'issue 27 B4: a lock Timeout below the minimum (Second-2) is raised to the minimum; nephele made it the maximum',
    file: 'dist/Methods/LOCK.js',
    from: `        if (timeout > this.opts.maxLockTimeout) {
            timeout = this.opts.maxLockTimeout;
        }`,
    to: `        // Cloudclip patch: when no asked timeout fits, the first one asked is clamped (RFC 4918 §10.7).
        if (timeout === Infinity && timeoutRequests[0] !== 'Infinite') {
            timeout = parseInt(timeoutRequests[0].substring('Second-'.length)) * 1000;
        }
        if (timeout > this.opts.maxLockTimeout) {
            timeout = this.opts.maxLockTimeout;
        }`,
  },
  {
    why: 'RFC 4918 §10.7: a lock timeout is whole seconds ("Second-10"); nephele wrote the fraction left ("Second-9.998")',
    file: 'dist/Methods/Method.js',
    from: `                        : { _: \`Second-\${secondsLeft}\` },`,
    to: `                        : { _: \`Second-\${Math.ceil(secondsLeft)}\` }, // Cloudclip patch: whole seconds`,
  },
  {
    why: 'RFC 9110 §9.3.2 (issue 28 B12): a HEAD answers the Content-Length a GET would send; Finder and Windows read it',
    file: 'dist/Methods/GET_HEAD.js',
    from: `            response.locals.debug(\`Response encoding: \${encoding}\`);
            if (request.method !== 'HEAD') {`,
    to: `            response.locals.debug(\`Response encoding: \${encoding}\`);
            // Cloudclip patch: the length a GET would send (RFC 9110 §9.3.2).
            if (request.method === 'HEAD' && encoding === 'identity') {
                response.set({ 'Content-Length': \`\${await resource.getLength()}\` });
            }
            if (request.method !== 'HEAD') {`,
  },
  {
    why: 'issue 42: a PUT body that fails (a client gone, a broken gzip) fails the write, never the process',
    file: 'dist/Methods/Method.js',
    from: `        let stream = request;
        let encoding = request.get('Content-Encoding');
        switch (encoding) {
            case 'gzip':
            case 'x-gzip':
                stream = pipeline(request, zlib.createGunzip(), (e) => {
                    if (e) {
                        throw new Error('Compression pipeline failed: ' + e);
                    }
                });
                break;
            case 'deflate':
                stream = pipeline(request, zlib.createInflate(), (e) => {
                    if (e) {
                        throw new Error('Compression pipeline failed: ' + e);
                    }
                });
                break;
            case 'br':
                stream = pipeline(request, zlib.createBrotliDecompress(), (e) => {
                    if (e) {
                        throw new Error('Compression pipeline failed: ' + e);
                    }
                });
                break;`,
    to: `        // Cloudclip patch: the body as the door took it (app/http/request-body.ts), and a body that
        // fails to decompress fails its reader; thrown from pipeline's callback, it ended the process.
        let stream = request.cloudclipStream ?? request;
        let encoding = request.get('Content-Encoding');
        switch (encoding) {
            case 'gzip':
            case 'x-gzip':
                stream = pipeline(stream, zlib.createGunzip(), () => undefined);
                break;
            case 'deflate':
                stream = pipeline(stream, zlib.createInflate(), () => undefined);
                break;
            case 'br':
                stream = pipeline(stream, zlib.createBrotliDecompress(), () => undefined);
                break;`,
  },
  {
    why: 'a folder COPY, MOVE or DELETE went member by member: on S3, 20 files took 1.4 s to copy (docs/decisions/0012)',
    file: 'dist/Methods/Method.js',
    from: `    async getLockPermission(request, response, resource, user) {`,
    to: `    // Cloudclip patch: a folder's files a few at a time, its folders one after another, so that
    // at most MEMBERS_AT_ONCE members of one request are at work at any depth. Each member's
    // failure is its own multistatus entry, as before (catchErrors); anything else thrown is
    // thrown again once every member has ended.
    async eachMemberInTurn(children, work) {
        const MEMBERS_AT_ONCE = 8;
        const files = [];
        for (const child of children) {
            if (await child.isCollection()) await work(child);
            else files.push(child);
        }
        let failure;
        const next = () => files.shift();
        await Promise.all(Array.from({ length: Math.min(MEMBERS_AT_ONCE, files.length) }, async () => {
            for (let child = next(); child; child = next()) {
                await work(child).catch((error) => {
                    failure ??= { error };
                });
            }
        }));
        if (failure)
            throw failure.error;
    }
    async getLockPermission(request, response, resource, user) {`,
  },
  {
    why: 'a folder COPY went member by member (eachMemberInTurn, above)',
    file: 'dist/Methods/COPY.js',
    from: `                        for (let child of children) {
                            const name = await child.getCanonicalName();
                            const destinationUrl = new URL(destination.toString().replace(/\\/?$/, () => '/') +
                                encodeURIComponent(name) +
                                ((await child.isCollection()) ? '/' : ''), \`\${destination.protocol}//\${destination.host}\`);
                            await recursivelyCopy(child, destinationUrl, false);
                        }`,
    to: `                        await this.eachMemberInTurn(children, async (child) => { // Cloudclip patch
                            const name = await child.getCanonicalName();
                            const destinationUrl = new URL(destination.toString().replace(/\\/?$/, () => '/') +
                                encodeURIComponent(name) +
                                ((await child.isCollection()) ? '/' : ''), \`\${destination.protocol}//\${destination.host}\`);
                            await recursivelyCopy(child, destinationUrl, false);
                        });`,
  },
  {
    why: 'a folder MOVE went member by member (eachMemberInTurn, above)',
    file: 'dist/Methods/MOVE.js',
    from: `                        for (let child of children) {
                            const name = await child.getCanonicalName();
                            const destinationUrl = new URL(destination.toString().replace(/\\/?$/, () => '/') +
                                encodeURIComponent(name));
                            const { result } = (await recursivelyMove(child, destinationUrl, false)) || { result: false };
                            allMoved = allMoved && result;
                        }`,
    to: `                        await this.eachMemberInTurn(children, async (child) => { // Cloudclip patch
                            const name = await child.getCanonicalName();
                            const destinationUrl = new URL(destination.toString().replace(/\\/?$/, () => '/') +
                                encodeURIComponent(name));
                            const { result } = (await recursivelyMove(child, destinationUrl, false)) || { result: false };
                            allMoved = allMoved && result;
                        });`,
  },
  {
    why: 'a folder DELETE went member by member (eachMemberInTurn, above)',
    file: 'dist/Methods/DELETE.js',
    from: `            for (let child of children) {
                const run = catchErrors(async () => {`,
    to: `            await this.eachMemberInTurn(children, async (child) => { // Cloudclip patch
                const run = catchErrors(async () => {`,
  },
  {
    why: 'a folder DELETE went member by member: the end of its loop',
    file: 'dist/Methods/DELETE.js',
    from: `                await run();
            }
            return allDeleted;`,
    to: `                await run();
            }); // Cloudclip patch: eachMemberInTurn
            return allDeleted;`,
  },
  {
    why: 'RFC 4918 §9.9.4: a folder MOVE whose nested member could not move (locked) deleted that member with its folder',
    file: 'dist/Methods/MOVE.js',
    from: `                    if (allMoved) {
                        await resource.delete(response.locals.user);
                    }`,
    to: `                    if (allMoved) {
                        await resource.delete(response.locals.user);
                    }
                    else {
                        // Cloudclip patch: a folder that keeps a member did not move, so the folder
                        // above it keeps it too (it answered moved, and the top folder was deleted whole).
                        return { existed: destinationExists, result: false };
                    }`,
  },
  {
    why: 'RFC 4918 §9.6.1: a folder DELETE whose nested member could not go (locked) deleted that member with its folder',
    file: 'dist/Methods/DELETE.js',
    from: `                    if (await child.isCollection()) {
                        allDeleted =
                            allDeleted &&
                                (await this.recursivelyDelete(child, request, response, multiStatus));
                    }`,
    to: `                    if (await child.isCollection()) {
                        // Cloudclip patch: a folder goes only once all its members went, and every
                        // folder is walked even after a failure elsewhere (one was deleted whole).
                        if (!(await this.recursivelyDelete(child, request, response, multiStatus))) {
                            allDeleted = false;
                            return;
                        }
                    }`,
  },
];

const YAZL_FIXES = [
  {
    why: 'a zip of n entries looked for its next entry from the first each time: 70,000 entries took 21 s',
    file: 'index.js',
    from: `  function getFirstNotDoneEntry() {
    for (var i = 0; i < self.entries.length; i++) {
      var entry = self.entries[i];
      if (entry.state < Entry.FILE_DATA_DONE) return entry;
    }
    return null;
  }`,
    to: `  function getFirstNotDoneEntry() {
    // Cloudclip patch: entries are written in order and stay done, so the search goes on from the
    // last one found instead of the first entry (quadratic in the number of entries).
    for (var i = self.cloudclipNotDone || 0; i < self.entries.length; i++) {
      var entry = self.entries[i];
      if (entry.state < Entry.FILE_DATA_DONE) {
        self.cloudclipNotDone = i;
        return entry;
      }
    }
    self.cloudclipNotDone = self.entries.length;
    return null;
  }`,
  },
];

/**
 * Prisma's SQLite adapter prepares every query anew and asks for its columns each time: about
 * 24 µs and 20 µs of a 70 µs read of one row. Statements are kept per connection by their SQL
 * (the last 256 used), with their columns, and run with their arguments, which better-sqlite3
 * allows while a statement is not mid-read; Prisma's reads take every row at once. Both builds of
 * the adapter, ESM and CommonJS.
 */
const PRISMA_SQLITE_FIXES = ['dist/index.mjs', 'dist/index.js'].flatMap((file) => [
  {
    why: 'statements kept per connection (cachedStatement)',
    file,
    from: `var BetterSQLite3Queryable = class {`,
    to: `// Cloudclip patch (scripts/patch-packages.mjs): statements kept per connection, by their SQL.
var cloudclipStatements = new WeakMap();
function cachedStatement(client, sql) {
  let kept = cloudclipStatements.get(client);
  if (!kept) cloudclipStatements.set(client, (kept = new Map()));
  let stmt = kept.get(sql);
  if (stmt) kept.delete(sql);
  else stmt = client.prepare(sql);
  kept.set(sql, stmt);
  if (kept.size > 256) kept.delete(kept.keys().next().value);
  return stmt;
}
// A read's columns, asked of a kept statement once: better-sqlite3 builds them anew each time.
var cloudclipColumns = new WeakMap();
function cachedColumns(stmt) {
  let columns = cloudclipColumns.get(stmt);
  if (!columns) {
    const all = stmt.columns();
    columns = { declaredTypes: all.map((column) => column.type), columnNames: all.map((column) => column.name) };
    cloudclipColumns.set(stmt, columns);
  }
  return { declaredTypes: columns.declaredTypes.slice(), columnNames: columns.columnNames.slice() };
}
var BetterSQLite3Queryable = class {`,
  },
  {
    why: 'a write runs a kept statement',
    file,
    from: `      const stmt = this.client.prepare(query.sql).bind(args);
      const result = stmt.run();`,
    to: `      const stmt = cachedStatement(this.client, query.sql); // Cloudclip patch
      const result = stmt.run(args);`,
  },
  {
    why: 'a read runs a kept statement',
    file,
    from: `      const stmt = this.client.prepare(query.sql).bind(args);
      if (!stmt.reader) {
        stmt.run();`,
    to: `      const stmt = cachedStatement(this.client, query.sql); // Cloudclip patch
      if (!stmt.reader) {
        stmt.run(args);`,
  },
  {
    why: 'a read takes its columns once per statement, and its rows with its arguments',
    file,
    from: `      const columns = stmt.columns();
      const resultSet = {
        declaredTypes: columns.map((column) => column.type),
        columnNames: columns.map((column) => column.name),
        values: stmt.raw().all()`,
    to: `      const resultSet = {
        ...cachedColumns(stmt), // Cloudclip patch
        values: stmt.raw().all(args)`,
  },
]);

const PACKAGES = [
  { name: 'nephele', pinned: '1.0.0-alpha.67', fixes: NEPHELE_FIXES },
  { name: 'yazl', pinned: '3.3.1', fixes: YAZL_FIXES },
  { name: '@prisma/adapter-better-sqlite3', pinned: '7.10.0', fixes: PRISMA_SQLITE_FIXES },
];

/** The folder of an installed package, whether or not its exports name its package.json. */
function packageRoot(name) {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

for (const { name, pinned, fixes } of PACKAGES) {
  const root = packageRoot(name);
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (version !== pinned) throw new Error(`${name} ${version} installed; scripts/patch-packages.mjs fixes ${pinned}`);
  for (const fix of fixes) {
    const file = path.join(root, fix.file);
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes(fix.to)) continue;
    if (!text.includes(fix.from)) throw new Error(`${name} patch does not apply to ${fix.file}: ${fix.why}`);
    fs.writeFileSync(file, text.replace(fix.from, fix.to));
    console.log(`${name} patched: ${fix.why}`);
  }
}
