import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, createTeam, createUser, loginAs } from '../../tests/factories/index.ts';
import { askInThread, openThread } from '../../tests/setup/chat.ts';
import { purgeTeam } from './features/insight/team-deletion.ts';

// Rows are erased by their owners (platform/row-owners.ts, decision 029). For every table with a
// thread_id or user_id column, a row is written for the subject; erasure must remove it, cut its
// link, or the table must be declared as kept with a reason. An owner whose contribution does
// nothing leaves its row and fails here; a new linked table nobody answers for fails here too.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
});
afterAll(async () => t?.close());

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  references: string | null;
  check: string | null;
}

const rows = <T,>(r: unknown) => (r as { rows: T[] }).rows;

async function columns(): Promise<Column[]> {
  return rows<Column>(
    await t.database.db.execute(sql`
      select c.table_name as "table", c.column_name as "column", c.data_type as "type", c.is_nullable = 'YES' as "nullable",
             c.column_default is not null or c.is_identity = 'YES' as "hasDefault",
             (select ccu.table_name from information_schema.key_column_usage k
                join information_schema.referential_constraints rc on rc.constraint_name = k.constraint_name
                join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
               where k.table_name = c.table_name and k.column_name = c.column_name limit 1) as "references",
             (select string_agg(pg_get_constraintdef(pc.oid), ' ') from pg_constraint pc
               where pc.conrelid = (quote_ident(c.table_name))::regclass and pc.contype = 'c'
                 and pg_get_constraintdef(pc.oid) like '%' || c.column_name || '%') as "check"
        from information_schema.columns c
        join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
       where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
       order by c.table_name, c.ordinal_position`),
  );
}

/** Writes one row into `table` whose `link` column points at the subject; other columns get plain values. */
async function writeRow(table: string, cols: Column[], link: string, subject: Record<string, number>) {
  const names: string[] = [];
  const values: (string | number | boolean | undefined)[] = [];
  for (const c of cols) {
    let value: string | number | boolean | undefined;
    if (c.column === link) value = subject[link];
    else if (c.references && subject[`${c.references}`] !== undefined) value = subject[c.references];
    else if (c.hasDefault || c.nullable) continue;
    else if (c.references) value = rows<{ id: number }>(await t.database.db.execute(sql.raw(`select id from "${c.references}" order by id limit 1`)))[0]?.id;
    // A number in a sum check (invoices: total = net + vat) takes 0, which adds up.
    else if (/int|numeric|double|real/.test(c.type)) value = /\+/.test(c.check ?? '') ? 0 : 1;
    else if (c.type === 'boolean') value = false;
    else if (c.type.startsWith('timestamp') || c.type === 'date') value = new Date().toISOString();
    else if (c.type === 'uuid') value = crypto.randomUUID();
    else if (c.type === 'jsonb' || c.type === 'json') value = '{}';
    else if (c.type === 'ARRAY') value = '{}';
    else if (c.type === 'tsvector') value = '';
    // A text column with a list of allowed values takes the first one.
    else value = /'([^']+)'/.exec(c.check ?? '')?.[1] ?? `x-${Math.random().toString(36).slice(2)}`;
    names.push(`"${c.column}"`);
    values.push(value);
  }
  const list = values.map((v) => (v === null || v === undefined ? 'null' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`));
  await t.database.db.execute(sql.raw(`insert into "${table}" (${names.join(', ')}) values (${list.join(', ')})`));
}

const countLinked = async (table: string, link: string, id: number) =>
  rows<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from "${table}" where "${link}" = ${id}`)))[0]!.n;

async function linkedTables(link: 'thread_id' | 'user_id' | 'team_id') {
  const all = await columns();
  const byTable = new Map<string, Column[]>();
  for (const c of all) (byTable.get(c.table) ?? byTable.set(c.table, []).get(c.table)!).push(c);
  return [...byTable].filter(([, cols]) => cols.some((c) => c.column === link));
}

describe('rows are erased by their owners', () => {
  it('every table with a thread_id or user_id answers to an owner (erased, unlinked or kept with a reason)', async () => {
    const declared = new Set(t.deps.rowOwners.flatMap((o) => o.tables));
    for (const link of ['thread_id', 'user_id'] as const) {
      for (const [table, cols] of await linkedTables(link)) {
        const fk = cols.find((c) => c.column === link)!;
        // A foreign key to the conversation or person answers for the table by cascade or set null.
        const answered = declared.has(table) || fk.references === (link === 'thread_id' ? 'threads' : 'users');
        expect(answered, `${table}.${link} has no owner: add a RowOwner (platform/row-owners.ts) or a foreign key`).toBe(true);
      }
    }
  });

  it('erasing a conversation leaves no row of it in any table', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, assistant.uuid);
    await askInThread(agent, assistant.uuid, thread, 'Hallo');
    const subject = { thread_id: thread.id, threads: thread.id, teams: team.id, team_id: team.id, users: owner.id, user_id: owner.id, assistants: assistant.id, assistant_id: assistant.id };
    const tables = await linkedTables('thread_id');
    for (const [table, cols] of tables) if (table !== 'threads') await writeRow(table, cols, 'thread_id', subject);
    for (const [table] of tables) expect(await countLinked(table, table === 'threads' ? 'id' : 'thread_id', thread.id), `${table} before`).toBeGreaterThan(0);

    const res = await agent.request('DELETE', '/api/dataprotection/thread', { assistantUuid: assistant.uuid, threadId: thread.id, token: thread.token });
    expect(res.status, res.body).toBe(200);
    const kept = Object.assign({}, ...t.deps.rowOwners.map((o) => o.keeps ?? {})) as Record<string, string>;
    for (const [table] of tables) {
      if (kept[table]) continue;
      expect(await countLinked(table, table === 'threads' ? 'id' : 'thread_id', thread.id), `${table} after`).toBe(0);
    }
  });

  it('erasing a person leaves no row of theirs in any table', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const assistant = await createAssistant(t.database.db, team);
    const subject = { user_id: employee.id, users: employee.id, teams: team.id, team_id: team.id, assistants: assistant.id, assistant_id: assistant.id };
    const tables = await linkedTables('user_id');
    for (const [table, cols] of tables) await writeRow(table, cols, 'user_id', subject);
    for (const [table] of tables) expect(await countLinked(table, 'user_id', employee.id), `${table} before`).toBeGreaterThan(0);

    const admin = await loginAs(t, owner);
    const res = await admin.delete(`/api/dataprotection/users/${employee.uuid}`);
    expect(res.status, res.body).toBe(200);
    const kept = Object.assign({}, ...t.deps.rowOwners.map((o) => o.keeps ?? {})) as Record<string, string>;
    for (const [table] of tables) {
      if (kept[table]) continue;
      expect(await countLinked(table, 'user_id', employee.id), `${table} after`).toBe(0);
    }
  });

  it('purging a team leaves no row of it in any table (or keeps it for its declared reason)', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const assistant = await createAssistant(t.database.db, team);
    const subject = { team_id: team.id, teams: team.id, users: owner.id, user_id: owner.id, assistants: assistant.id, assistant_id: assistant.id };
    const kept = Object.assign({}, ...t.deps.rowOwners.map((o) => o.keeps ?? {})) as Record<string, string>;
    // Kept tables (e.g. invoices with their own consistency checks) stay whatever happens.
    const tables = (await linkedTables('team_id')).filter(([table]) => !kept[table]);
    for (const [table, cols] of tables) {
      // A table keyed by the team alone (one row per team) may already hold the team's row.
      if ((await countLinked(table, 'team_id', team.id)) > 0) continue;
      await writeRow(table, cols, 'team_id', subject);
    }
    for (const [table] of tables) expect(await countLinked(table, 'team_id', team.id), `${table} before`).toBeGreaterThan(0);
    expect(tables.length).toBeGreaterThan(15);

    const operatorTeam = await createTeam(t.database.db, { plan: 'team' });
    const operator = await loginAs(t, await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner' }));
    // Deleted softly by the operator, then purged as the scheduled job does (its files are none here).
    const res = await operator.delete('/api/insight/team', { teamUuid: team.uuid, deleteStripeCustomer: 0, softDelete: 1 });
    expect(res.status, res.body).toBe(200);
    expect(await purgeTeam(t.deps, [], team.id)).toBe(true);
    expect(await countLinked('teams', 'id', team.id)).toBe(0);
    for (const [table] of tables) expect(await countLinked(table, 'team_id', team.id), `${table} after`).toBe(0);
    // What is kept says why.
    for (const reason of Object.values(kept)) expect(reason.length).toBeGreaterThan(20);
  });

  it('an owner whose contribution does nothing is caught: a mail to the erased address stays', async () => {
    const mail = t.deps.rowOwners.find((o) => o.owner === 'platform/mail')!;
    const real = mail.eraseUser;
    const { team, owner, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const mailsTo = async () => rows<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from mail_outbox where lower("to") = ${employee.email.toLowerCase()}`))[0]!.n;
    await t.deps.mailer.send({ to: employee.email, subject: 'Einladung', text: 'Hallo', teamId: team.id });
    mail.eraseUser = async () => undefined;
    try {
      const res = await (await loginAs(t, owner)).delete(`/api/dataprotection/users/${employee.uuid}`);
      expect(res.status, res.body).toBe(200);
      // The check above would fail for this owner: its row is still there.
      expect(await mailsTo()).toBe(1);
    } finally {
      mail.eraseUser = real;
    }
  });

  it('with the real owner the mail to the erased address goes', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    await t.deps.mailer.send({ to: employee.email, subject: 'Einladung', text: 'Hallo', teamId: team.id });
    expect((await (await loginAs(t, owner)).delete(`/api/dataprotection/users/${employee.uuid}`)).status).toBe(200);
    const left = rows<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from mail_outbox where lower("to") = ${employee.email.toLowerCase()}`))[0]!.n;
    expect(left).toBe(0);
  });
});
