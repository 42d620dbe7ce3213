// Applies Cloudclip's recorded fixes to nephele (docs/decisions/0012-webdav-door.md), after every
// npm install (package.json "postinstall"). Each fix names the exact text it replaces in the pinned
// version; when that text is neither there nor already replaced (another nephele version), the
// install fails loudly instead of running an unpatched WebDAV server.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const PINNED = '1.0.0-alpha.67';

const FIXES = [
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
];

const root = path.dirname(require.resolve('nephele/package.json'));
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
if (version !== PINNED) throw new Error(`nephele ${version} installed; scripts/patch-nephele.mjs fixes ${PINNED}`);

for (const fix of FIXES) {
  const file = path.join(root, fix.file);
  const text = fs.readFileSync(file, 'utf8');
  if (text.includes(fix.to)) continue;
  if (!text.includes(fix.from)) throw new Error(`nephele patch does not apply to ${fix.file}: ${fix.why}`);
  fs.writeFileSync(file, text.replace(fix.from, fix.to));
  console.log(`nephele patched: ${fix.why}`);
}
