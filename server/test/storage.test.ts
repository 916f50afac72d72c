// File storage (SPEC §5 Attachments, §7 File storage, §8 storage errors) with real multipart
// requests over HTTP against the running server.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { sweepFiles } from '../src/files/sweeper.ts';
import { LocalBlobStore } from '../src/files/blob-store.ts';
import { createTestApp, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
let base: string;
const token: Record<string, string> = {};

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SIG = Buffer.from([
  0x30, 0x82, 0x01, 0x0a, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02,
]);

interface Upload {
  name: string;
  body: Buffer;
  type?: string;
}

async function upload(user: string | null, files: Upload[], field = 'file[]') {
  const form = new FormData();
  for (const file of files)
    form.append(
      field,
      new Blob([file.body], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const response = await fetch(`${base}/api/storage/`, {
    method: 'POST',
    body: form,
    headers: user ? { authorization: `Bearer ${token[user]}` } : {},
  });
  return { status: response.status, body: (await response.json()) as any };
}

const get = (user: string | null, url: string) =>
  fetch(`${base}/api/storage${url}`, {
    headers: user ? { authorization: `Bearer ${token[user]}` } : {},
  });

const json = async (response: Response | Promise<Response>): Promise<any> =>
  (await response).json();

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.owner.query(sql, params);
  return Number(Object.values(rows[0])[0]);
}

const blobCount = () => {
  const dir = path.join(t.config.dataDir, 'files');
  return fs
    .readdirSync(dir)
    .filter((d) => /^[0-9a-f]{2}$/.test(d))
    .reduce((n, d) => n + fs.readdirSync(path.join(dir, d)).length, 0);
};

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

async function invoiceOf(subsidiary: string): Promise<number> {
  const { rows } = await t.db.owner.query(
    `select i.id from app_public.invoices i join app_public.subsidiaries s on s.id = i.subsidiary_id
      where s.short_name = $1 and i.status = 'draft' order by i.id limit 1`,
    [subsidiary],
  );
  return rows[0].id;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  for (const user of ['admin', 'accountant', 'viewer'])
    token[user] = (await login(t.app, user)).accessToken;
});

describe('access', () => {
  it('has-access answers 200 with a token and 401 without', async () => {
    expect((await get('viewer', '/has-access')).status).toBe(200);
    expect((await get(null, '/has-access')).status).toBe(401);
  });

  it('every route needs a bearer token', async () => {
    for (const url of [
      '/',
      '/00000000-0000-0000-0000-000000000000',
      '/00000000-0000-0000-0000-000000000000/info',
      '/archive?files=00000000-0000-0000-0000-000000000000',
    ]) {
      const response = await get(null, url);
      expect(response.status, url).toBe(401);
      expect(await response.json()).toMatchObject({ error: true, code: 'NotSignedIn' });
    }
    expect((await upload(null, [{ name: 'a.pdf', body: pdf('x') }])).status).toBe(401);
  });

  it('a file id must be a UUID string', async () => {
    const response = await get('viewer', '/not-a-uuid/info');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: true,
      code: 'InvalidFileId',
      message: 'A file id must be a UUID string.',
    });
  });
});

describe('upload, read, replace, delete', () => {
  it('uploads several files in one multipart request and serves them back exactly', async () => {
    const result = await upload('accountant', [
      { name: 'Счёт №12.pdf', body: pdf('invoice 12') },
      { name: 'stamp.png', body: PNG },
      { name: 'invoice.pdf.sig', body: SIG },
    ]);
    expect(result.status).toBe(200);
    expect(result.body.error).toBe(false);
    const [pdfId, pngId, sigId] = result.body.data.fileIds;

    const info = await json(get('accountant', `/${pdfId}/info`));
    expect(info.data).toMatchObject({
      name: 'Счёт №12.pdf',
      contentType: 'application/pdf',
      size: pdf('invoice 12').length,
    });
    expect((await json(get('accountant', `/${sigId}/info`))).data.contentType).toBe(
      'application/pkcs7-signature',
    );

    const view = await get('accountant', `/${pngId}`);
    expect(view.headers.get('content-type')).toBe('image/png');
    expect(view.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await view.arrayBuffer()).equals(PNG)).toBe(true);

    const download = await get('accountant', `/${pdfId}/download`);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="____ _12.pdf"; filename*=UTF-8''${encodeURIComponent('Счёт №12.pdf')}`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf('invoice 12'))).toBe(true);
  });

  it('an uploader replaces and deletes their file; others may not', async () => {
    const { body } = await upload('accountant', [{ name: 'draft.pdf', body: pdf('v1') }]);
    const id = body.data.fileIds[0];
    const form = new FormData();
    form.append('file', new Blob([pdf('v2')]), 'final.pdf');
    const replaced = await fetch(`${base}/api/storage/${id}`, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${token.accountant}` },
    });
    expect((await json(replaced)).data).toMatchObject({
      name: 'final.pdf',
      size: pdf('v2').length,
    });
    expect(
      Buffer.from(await (await get('accountant', `/${id}`)).arrayBuffer()).equals(pdf('v2')),
    ).toBe(true);

    const foreign = await fetch(`${base}/api/storage/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token.viewer}` },
    });
    expect(foreign.status).toBe(404); // the viewer cannot even see it
    const deleted = await fetch(`${base}/api/storage/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token.accountant}` },
    });
    expect(deleted.status).toBe(200);
    expect((await get('accountant', `/${id}/info`)).status).toBe(404);
  });

  it('a 6 MB file is refused with 413 and the SPEC message, and nothing is kept', async () => {
    const rows = await count('select count(*) from app_public.files');
    const blobs = blobCount();
    const big = Buffer.concat([pdf('big'), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const result = await upload('accountant', [
      { name: 'ok.png', body: PNG },
      { name: 'big.pdf', body: big },
    ]);
    expect(result.status).toBe(413);
    expect(result.body).toEqual({
      error: true,
      code: 'PayloadTooLarge',
      message: 'Total payload size exceeded the limit.',
    });
    expect(await count('select count(*) from app_public.files')).toBe(rows);
    expect(blobCount()).toBe(blobs);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('refuses types other than PDF, signatures and images, whatever the name says', async () => {
    const rows = await count('select count(*) from app_public.files');
    const result = await upload('accountant', [
      { name: 'evil.pdf', body: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(result.status).toBe(415);
    expect(result.body.code).toBe('UnsupportedFileType');
    expect(await count('select count(*) from app_public.files')).toBe(rows);
  });

  it('at most one .pdf and one .sig per upload; a failed request leaves no rows or blobs', async () => {
    const rows = await count('select count(*) from app_public.files');
    const blobs = blobCount();
    const result = await upload('accountant', [
      { name: 'a.pdf', body: pdf('one') },
      { name: 'b.pdf', body: pdf('two') },
    ]);
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('FileLimitExceeded');
    expect(await count('select count(*) from app_public.files')).toBe(rows);
    expect(blobCount()).toBe(blobs);
  });

  it('path-traversal names are stored as plain names', async () => {
    const { body } = await upload('accountant', [
      { name: '../../etc/passwd.pdf', body: pdf('trav') },
    ]);
    const info = await json(get('accountant', `/${body.data.fileIds[0]}/info`));
    expect(info.data.name).toBe('passwd.pdf');
  });

  it('concurrent uploads of the same content make two files over one stored blob', async () => {
    const blobs = blobCount();
    const same = pdf(`same ${Date.now()}`);
    const [a, b] = await Promise.all([
      upload('accountant', [{ name: 'one.pdf', body: same }]),
      upload('accountant', [{ name: 'two.pdf', body: same }]),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.data.fileIds[0]).not.toBe(b.body.data.fileIds[0]);
    expect(blobCount()).toBe(blobs + 1);
  });
});

describe('attachments and permissions', () => {
  it("a file attached to another subsidiary's invoice is refused to the accountant", async () => {
    const { body } = await upload('admin', [{ name: 'uk.pdf', body: pdf('uk invoice') }]);
    const fileId = body.data.fileIds[0];
    const ukInvoice = await invoiceOf('Northwind UK');
    const attached = await gql(
      t.app,
      `mutation A($i: Int!, $f: [UUID]!) { addInvoiceFiles(input: { invoiceId: $i, fileIds: $f }) { result { fileId } } }`,
      { i: ukInvoice, f: [fileId] },
      token.admin,
    );
    expect(attached.errors).toBeUndefined();
    expect((await get('viewer', `/${fileId}/info`)).status).toBe(200);
    expect((await get('accountant', `/${fileId}/info`)).status).toBe(404);
    expect((await get('accountant', `/${fileId}/download`)).status).toBe(404);
    expect((await get('accountant', `/archive?files=${fileId}`)).status).toBe(404);
    expect((await get('accountant', `/archive/invoices?ids=${ukInvoice}`)).status).toBe(404);
  });

  it('attaching clears the expiry; removing deletes the link, then the file; the sweeper takes the bytes', async () => {
    const { body } = await upload('accountant', [
      { name: 'receipt.pdf', body: pdf(`receipt ${Date.now()}`) },
    ]);
    const fileId = body.data.fileIds[0];
    const sha = (await json(get('accountant', `/${fileId}/info`))).data.sha256;
    expect(
      await count(
        'select count(*) from app_public.files where id = $1 and expires_at is not null',
        [fileId],
      ),
    ).toBe(1);
    const invoice = await invoiceOf('Northwind NL');
    await gql(
      t.app,
      `mutation A($i: Int!, $f: [UUID]!) { addInvoiceFiles(input: { invoiceId: $i, fileIds: $f }) { result { fileId } } }`,
      { i: invoice, f: [fileId] },
      token.accountant,
    );
    expect(
      await count('select count(*) from app_public.files where id = $1 and expires_at is null', [
        fileId,
      ]),
    ).toBe(1);
    const removed = await gql(
      t.app,
      `mutation R($i: Int!, $f: [UUID]!) { removeInvoiceFiles(input: { invoiceId: $i, fileIds: $f }) { result } }`,
      { i: invoice, f: [fileId] },
      token.accountant,
    );
    expect(removed.errors, JSON.stringify(removed.errors)).toBeUndefined();
    expect(removed.data!.removeInvoiceFiles.result).toBe(1);
    expect(await count('select count(*) from app_public.files where id = $1', [fileId])).toBe(0);
    const store = new LocalBlobStore(path.join(t.config.dataDir, 'files'));
    expect(await store.exists(sha)).toBe(true);
    await sweepFiles(t.db.owner, store, undefined, 0);
    expect(await store.exists(sha)).toBe(false);
  });

  it('an upload nobody attaches expires', async () => {
    const { body } = await upload('accountant', [{ name: 'forgotten.png', body: PNG }]);
    const fileId = body.data.fileIds[0];
    await t.db.owner.query(
      `update app_public.files set expires_at = now() - interval '1 minute' where id = $1`,
      [fileId],
    );
    const result = await sweepFiles(
      t.db.owner,
      new LocalBlobStore(path.join(t.config.dataDir, 'files')),
      undefined,
      0,
    );
    expect(result.expiredFiles).toBeGreaterThanOrEqual(1);
    expect(await count('select count(*) from app_public.files where id = $1', [fileId])).toBe(0);
  });

  it('duplicate detection says which hashes exist and where they are attached', async () => {
    const content = pdf(`dup ${Date.now()}`);
    const { body } = await upload('accountant', [{ name: 'dup.pdf', body: content }]);
    const invoice = await invoiceOf('Northwind NL');
    await gql(
      t.app,
      `mutation A($i: Int!, $f: [UUID]!) { addInvoiceFiles(input: { invoiceId: $i, fileIds: $f }) { result { fileId } } }`,
      { i: invoice, f: body.data.fileIds },
      token.accountant,
    );
    const sha = (await json(get('accountant', `/${body.data.fileIds[0]}/info`))).data.sha256;
    const found = await gql(
      t.app,
      `query D($h: [String]) { findFilesByHashes(hashes: $h, first: 50) { nodes { sha256 name attachedTo(first: 20) { nodes { kind recordId } } } } }`,
      { h: [sha, 'f'.repeat(64)] },
      token.accountant,
    );
    expect(found.data!.findFilesByHashes.nodes).toEqual([
      {
        sha256: sha,
        name: 'dup.pdf',
        attachedTo: { nodes: [{ kind: 'invoice', recordId: String(invoice) }] },
      },
    ]);
  });

  it('avatars are uploaded images set through updateProfile', async () => {
    const { body } = await upload('viewer', [{ name: 'me.png', body: PNG }]);
    const ok = await gql(
      t.app,
      `mutation U($id: UUID) { updateProfile(input: { avatarFileId: $id }) { user { avatarFileId } } }`,
      { id: body.data.fileIds[0] },
      token.viewer,
    );
    expect(ok.data!.updateProfile.user.avatarFileId).toBe(body.data.fileIds[0]);
    // An avatar is seen by whoever sees its user: the admin does; the accountant sees no record
    // that names the viewer (docs/permissions.md "People").
    expect((await get('admin', `/${body.data.fileIds[0]}`)).status).toBe(200);
    expect((await get('accountant', `/${body.data.fileIds[0]}`)).status).toBe(404);
    const doc = await upload('viewer', [{ name: 'cv.pdf', body: pdf('cv') }]);
    const refused = await gql(
      t.app,
      `mutation U($id: UUID) { updateProfile(input: { avatarFileId: $id }) { userId } }`,
      { id: doc.body.data.fileIds[0] },
      token.viewer,
    );
    expect(refused.errors![0]!.extensions!.code).toBe('AvatarNotAllowed');
  });
});

describe('zip archives', () => {
  it('zips the given files with safe, unique entry names and exact bytes', async () => {
    const a = pdf('zip a');
    const { body } = await upload('accountant', [
      { name: '../secret/report.pdf', body: a },
      { name: 'report.png', body: PNG },
    ]);
    const again = await upload('accountant', [{ name: '/abs/report.png', body: PNG }]);
    const ids = [...body.data.fileIds, ...again.body.data.fileIds].join(',');
    const response = await get(
      'accountant',
      `/archive?files=${ids}&name=${encodeURIComponent('Квартал 3')}`,
    );
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain(
      encodeURIComponent('Квартал 3.zip'),
    );
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['report (2).png', 'report.pdf', 'report.png']);
    expect(entries.get('report.pdf')!.equals(a)).toBe(true);
    for (const name of entries.keys()) expect(name).not.toMatch(/^\/|\.\.|\\/);
  });

  it('zips the files of invoices in a folder per invoice, even when their numbers contain slashes', async () => {
    const first = await invoiceOf('Northwind NL');
    const { rows } = await t.db.owner.query(
      `select i.id from app_public.invoices i join app_public.subsidiaries s on s.id = i.subsidiary_id
        where s.short_name = 'Northwind NL' and i.id <> $1 order by i.id limit 1`,
      [first],
    );
    const second = rows[0].id;
    // Two numbers that end alike: split on "/" they would share a folder "0001".
    await t.db.owner.query(
      `update app_public.invoices set invoice_ref = case id when $1 then 'FV/2026/0001' else 'FW/2026/0001' end
        where id in ($1, $2)`,
      [first, second],
    );
    for (const [invoice, text] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      const { body } = await upload('accountant', [
        { name: 'scan.pdf', body: pdf(`${text} ${Date.now()}`) },
      ]);
      await gql(
        t.app,
        `mutation A($i: Int!, $f: [UUID]!) { addInvoiceFiles(input: { invoiceId: $i, fileIds: $f }) { result { fileId } } }`,
        { i: invoice, f: body.data.fileIds },
        token.accountant,
      );
    }
    const response = await get(
      'accountant',
      `/archive/invoices?ids=${first},${second}&name=invoices`,
    );
    expect(response.status).toBe(200);
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    const folders = new Set([...entries.keys()].map((name) => name.split('/')[0]));
    expect(folders).toContain(`invoice ${first} FV-2026-0001`);
    expect(folders).toContain(`invoice ${second} FW-2026-0001`);
    for (const name of entries.keys()) expect(name.split('/')).toHaveLength(2);
  });

  it('file names lose control and bidirectional-override characters', async () => {
    const { body } = await upload('accountant', [
      { name: 'invoice\u202Efdp.exe\u0007', body: pdf(`bidi ${Date.now()}`) },
    ]);
    const info = await json(get('accountant', `/${body.data.fileIds[0]}/info`));
    // Shown as "invoiceexe.pdf" with the override; without it, plainly what it is.
    expect(info.data.name).toBe('invoicefdp.exe');
  });

  it('an unknown archive kind or a non-numeric id is refused', async () => {
    expect((await get('accountant', '/archive/payments?ids=1')).status).toBe(404);
    expect((await get('accountant', '/archive/invoices?ids=1;drop')).status).toBe(400);
  });
});

describe('malformed uploads get a 4xx with a code', () => {
  const raw = (contentType: string, body: string) =>
    fetch(`${base}/api/storage/`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token.accountant}`, 'content-type': contentType },
    });

  it('a multipart body without a boundary, or without its closing boundary, is a 400', async () => {
    const before = await count('select count(*) from app_public.files');
    const part = `--XYZ\r\ncontent-disposition: form-data; name="file[]"; filename="a.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4 cut`;
    for (const [type, body, code] of [
      ['multipart/form-data', part, 'MalformedUpload'],
      ['multipart/form-data; boundary=XYZ', part, 'MalformedUpload'],
      ['multipart/form-data; boundary=XYZ', 'no part at all', 'NoFiles'],
    ] as const) {
      const response = await raw(type, body);
      expect(response.status, `${type}: ${body.slice(0, 20)}`).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe(code);
    }
    expect(await count('select count(*) from app_public.files')).toBe(before);
  });

  it('eleven files are FileLimitExceeded, not PayloadTooLarge', async () => {
    const { status, body } = await upload(
      'accountant',
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, body: PNG })),
    );
    expect(status).toBe(400);
    expect(body.code).toBe('FileLimitExceeded');
  });
});
