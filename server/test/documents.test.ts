// Who sees what of documents (issue 14, SPEC §3 Document "users to read (suppliers) and users to
// write (editors)"): a supplier user sees only the documents it is a reader or editor of, whatever
// its scopes; an editor may change such a document, a reader may not; staff keep their scopes.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  createTestDatabase,
  errorCode,
  gql,
  login,
  rowsAs,
  sqlErrorAs,
  type TestDatabase,
} from './helpers.ts';

let db: TestDatabase;
const RLS_REFUSED = '42501';
let readDocument: string;
let editDocument: string;
let otherDocument: string;

/** A user with an account of the given role, linked as the user of a supplier. */
async function supplierUser(username: string, role: string, supplierShortName: string) {
  const { rows } = await db.owner.query<{ id: string }>(
    `insert into app_public.users (username, first_name, last_name, is_active)
     values ($1, 'Sam', 'Supplier', true) returning id`,
    [username],
  );
  const userId = rows[0]!.id;
  await db.owner.query(
    `insert into app_public.accounts (name, user_id, role_id)
     select 'Supplier', $1, r.id from app_public.roles r where r.name = $2`,
    [userId, role],
  );
  await db.owner.query(`update app_public.suppliers set user_id = $1 where short_name = $2`, [
    userId,
    supplierShortName,
  ]);
  return userId;
}

/** A staff user (no supplier names it) with an account of the given role. */
async function staffUser(username: string, role: string) {
  const { rows } = await db.owner.query<{ id: string }>(
    `insert into app_public.users (username, first_name, last_name, is_active)
     values ($1, 'Stella', 'Staff', true) returning id`,
    [username],
  );
  await db.owner.query(
    `insert into app_public.accounts (name, user_id, role_id)
     select 'Staff', $1, r.id from app_public.roles r where r.name = $2`,
    [rows[0]!.id, role],
  );
}

async function visibleIds(username: string): Promise<string[]> {
  const rows = await rowsAs<{ id: string }>(
    db,
    username,
    'select id from app_public.documents order by id',
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  db = await createTestDatabase();
  const { rows } = await db.owner.query<{ id: string; short_name: string }>(
    `select d.id, s.short_name from app_public.documents d join app_public.suppliers s on s.id = d.contractor_id
      where d.type = 'Contract' order by d.name limit 3`,
  );
  [readDocument, editDocument, otherDocument] = rows.map((r) => r.id) as [string, string, string];
  // A supplier user whose role reads documents, and one whose role may write them.
  const reader = await supplierUser('supplier.reader', 'viewer', rows[0]!.short_name);
  const writer = await supplierUser('supplier.writer', 'admin', rows[1]!.short_name);
  for (const userId of [reader, writer]) {
    await db.owner.query(
      'insert into app_public.document_readers (document_id, user_id) values ($1, $2)',
      [readDocument, userId],
    );
    await db.owner.query(
      'insert into app_public.document_editors (document_id, user_id) values ($1, $2)',
      [editDocument, userId],
    );
  }
});

describe('a supplier user sees only the documents it is a reader or editor of', () => {
  it('sees the shared documents and no other, though its role reads every document', async () => {
    const expected = [readDocument, editDocument].sort();
    expect(await visibleIds('supplier.reader')).toEqual(expected);
    expect(await visibleIds('supplier.writer')).toEqual(expected);
    // Staff with the same role still see all documents.
    expect((await visibleIds('viewer')).length).toBeGreaterThan(30);
    expect(await visibleIds('viewer')).toContain(otherDocument);
  });

  it("does not see a document's files, readers or editors beyond its own documents", async () => {
    const fileId = (
      await db.owner.query<{ id: string }>(
        `insert into app_public.files (name, content_type, size, sha256)
         values ('other.pdf', 'application/pdf', 1, repeat('a', 64)) returning id`,
      )
    ).rows[0]!.id;
    await db.owner.query(
      'insert into app_public.documents_files (document_id, file_id) values ($1, $2)',
      [otherDocument, fileId],
    );
    const files = await rowsAs(
      db,
      'supplier.writer',
      'select id from app_public.documents_files where document_id = $1',
      [otherDocument],
    );
    expect(files).toEqual([]);
    expect(
      await rowsAs(db, 'supplier.writer', 'select id from app_public.files where id = $1', [
        fileId,
      ]),
    ).toEqual([]);
  });
});

describe('editors may edit, readers only read', () => {
  it('an editor changes its document through editDocument; a reader cannot', async () => {
    const edited = await asUser(db, 'supplier.reader', async (c) => {
      const { rows } = await c.query<{ comments: string }>(
        `select comments from app_public.edit_document($1, '{"comments": "checked by supplier"}')`,
        [editDocument],
      );
      return rows[0]!.comments;
    });
    expect(edited).toBe('checked by supplier');
    const changed = await asUser(
      db,
      'supplier.reader',
      async (c) =>
        (
          await c.query(`update app_public.documents set comments = 'x' where id = $1`, [
            readDocument,
          ])
        ).rowCount,
    );
    expect(changed).toBe(0);
  });

  it('a supplier user with a writing role still cannot change, delete or create other documents', async () => {
    expect(
      await asUser(
        db,
        'supplier.writer',
        async (c) =>
          (
            await c.query(`update app_public.documents set comments = 'x' where id <> $1`, [
              editDocument,
            ])
          ).rowCount,
      ),
    ).toBe(0);
    expect(
      await asUser(
        db,
        'supplier.writer',
        async (c) =>
          (
            await c.query(`delete from app_public.documents where id = any($1)`, [
              [readDocument, editDocument],
            ])
          ).rowCount,
      ),
    ).toBe(0);
    expect(
      await sqlErrorAs(
        db,
        'supplier.writer',
        `insert into app_public.documents (name, type) values ('Own contract', 'Contract')`,
      ),
    ).toBe(RLS_REFUSED);
  });

  it('a supplier user cannot share a document with others', async () => {
    expect(
      await sqlErrorAs(
        db,
        'supplier.writer',
        `insert into app_public.document_readers (document_id, user_id)
         select $1, id from app_public.users where username = 'accountant'`,
        [editDocument],
      ),
    ).toBe(RLS_REFUSED);
  });

  it('staff with documents:write keep editing any document of their subsidiaries', async () => {
    const changed = await asUser(
      db,
      'admin',
      async (c) =>
        (
          await c.query(`update app_public.documents set comments = 'x' where id = $1`, [
            otherDocument,
          ])
        ).rowCount,
    );
    expect(changed).toBe(1);
  });
});

describe('what a user may do to a document comes from the database', () => {
  it('canEdit and canDelete: an editor may edit but not archive; a reader neither; staff writers both', async () => {
    const flags = async (username: string, id: string) =>
      (
        await rowsAs<{ edit: boolean; del: boolean }>(
          db,
          username,
          `select app_public.documents_can_edit(d) as edit, app_public.documents_can_delete(d) as del
             from app_public.documents d where d.id = $1`,
          [id],
        )
      )[0];
    expect(await flags('supplier.writer', editDocument)).toEqual({ edit: true, del: false });
    expect(await flags('supplier.writer', readDocument)).toEqual({ edit: false, del: false });
    expect(await flags('admin', otherDocument)).toEqual({ edit: true, del: true });
    expect(await flags('viewer', otherDocument)).toEqual({ edit: false, del: false });
    expect(
      await sqlErrorAs(db, 'supplier.writer', 'select app_public.set_document_deleted($1, true)', [
        editDocument,
      ]),
    ).toBe('LL001');
  });
});

describe('SPEC §5 Documents: the expiration date cannot be earlier than the signing date', () => {
  it('editDocument and createDocument are refused with ExpirationBeforeSigning, nothing changes', async () => {
    const { app } = await createTestApp();
    const { accessToken } = await login(app, 'admin');
    const id = (
      await gql<{ allDocuments: { nodes: { id: string; expirationDate: string }[] } }>(
        app,
        `{ allDocuments(first: 1, condition: { type: Contract }, orderBy: [NAME_ASC]) { nodes { id expirationDate } } }`,
        {},
        accessToken,
      )
    ).data!.allDocuments.nodes[0]!;
    const edit = await gql(
      app,
      `mutation ($id: UUID!, $data: JSON!) { editDocument(input: { documentId: $id, data: $data }) { clientMutationId } }`,
      { id: id.id, data: { signing_date: '2026-03-10', expiration_date: '2026-03-01' } },
      accessToken,
    );
    expect(errorCode(edit)).toBe('ExpirationBeforeSigning');
    const create = await gql(
      app,
      `mutation ($d: DocumentInput!) { createDocument(input: { document: $d }) { clientMutationId } }`,
      {
        d: {
          name: 'Backwards',
          type: 'Contract',
          signingDate: '2026-03-10',
          expirationDate: '2026-03-09',
        },
      },
      accessToken,
    );
    expect(errorCode(create)).toBe('ExpirationBeforeSigning');
    const after = await gql<{ documentById: { expirationDate: string } }>(
      app,
      `query ($id: UUID!) { documentById(id: $id) { expirationDate } }`,
      { id: id.id },
      accessToken,
    );
    expect(after.data!.documentById.expirationDate).toBe(id.expirationDate);
  });
});

describe("a subsidiary's linked document (SPEC §2 subsidiary details: a synced linked document)", () => {
  it('linking makes the subsidiary its principal; a new principal unlinks it; a reader cannot link', async () => {
    const subsidiary = (
      await db.owner.query<{ id: string }>(
        `select id from app_public.subsidiaries where short_name = 'Northwind UK'`,
      )
    ).rows[0]!.id;
    const documentId = (
      await db.owner.query<{ id: string }>(
        `select d.id from app_public.documents d where d.principal_id <> $1 and d.type = 'Contract' limit 1`,
        [subsidiary],
      )
    ).rows[0]!.id;
    const principal = await asUser(db, 'admin', async (c) => {
      await c.query('update app_public.subsidiaries set linked_document_id = $1 where id = $2', [
        documentId,
        subsidiary,
      ]);
      const linked = (
        await c.query<{ principal_id: string }>(
          'select principal_id from app_public.documents where id = $1',
          [documentId],
        )
      ).rows[0]!.principal_id;
      await c.query(
        `update app_public.documents set principal_id = (select id from app_public.subsidiaries where id <> $2 limit 1) where id = $1`,
        [documentId, subsidiary],
      );
      const after = (
        await c.query<{ linked_document_id: string | null }>(
          'select linked_document_id from app_public.subsidiaries where id = $1',
          [subsidiary],
        )
      ).rows[0]!.linked_document_id;
      return { linked, after };
    });
    expect(principal).toEqual({ linked: subsidiary, after: null });
    // A reader cannot change a subsidiary at all (nothing is updated).
    expect(
      await asUser(
        db,
        'viewer',
        async (c) =>
          (
            await c.query(
              'update app_public.subsidiaries set linked_document_id = $1 where id = $2',
              [documentId, subsidiary],
            )
          ).rowCount,
      ),
    ).toBe(0);
    // A subsidiary writer who cannot write the document cannot link it.
    await db.owner.query(
      `insert into app_public.roles (name) values ('subsidiary-writer');
       insert into app_public.role_scopes (role_id, scope)
         select id, 'company:write_subsidiary' from app_public.roles where name = 'subsidiary-writer';
       insert into app_public.role_scopes (role_id, scope)
         select id, 'documents:read' from app_public.roles where name = 'subsidiary-writer'`,
    );
    await staffUser('subsidiary.writer', 'subsidiary-writer');
    expect(
      await sqlErrorAs(
        db,
        'subsidiary.writer',
        'update app_public.subsidiaries set linked_document_id = $1 where id = $2',
        [documentId, subsidiary],
      ),
    ).toBe('LL001');
  });
});
