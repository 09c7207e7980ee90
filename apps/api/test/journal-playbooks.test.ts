import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bearer, createTestDatabase, signedInLearner, testConfig } from './helper.ts';

/** Playbooks (issue #41): setups with a checklist of rules, named by trades, and their report. */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
const people: Record<string, { id: string; token: string }> = {};

const as = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: bearer(people[who].token), payload });

/** A closed manual long of 10 shares: P&L is (exit − 2450) × 10 − 20 fees. */
const trade = (exitPrice: number, extra: object = {}) => ({
  symbol: 'RELIANCE',
  side: 'long',
  quantity: 10,
  entryPrice: 2450,
  exitPrice,
  entryTime: '2026-11-02T04:00:00.000Z',
  exitTime: '2026-11-02T06:00:00.000Z',
  fees: 20,
  setupTags: [],
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  for (const name of ['asha', 'ravi']) {
    people[name] = await signedInLearner(app, database, name);
  }
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('playbooks', () => {
  let playbookId: string;
  let ruleIds: string[];

  it('writes a playbook with its rules in order, and lists it', async () => {
    const created = await as('asha', 'POST', '/journal/playbooks', {
      name: '  Opening range breakout ',
      description: 'First 15 minutes.',
      rules: [
        { text: 'Candle closes above the range' },
        { text: 'Stop below the range' },
        { text: 'Volume above average' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const playbook = created.json().data;
    expect(playbook).toMatchObject({
      name: 'Opening range breakout',
      description: 'First 15 minutes.',
      trades: 0,
    });
    expect(playbook.rules.map((rule: { text: string }) => rule.text)).toEqual([
      'Candle closes above the range',
      'Stop below the range',
      'Volume above average',
    ]);
    playbookId = playbook._id;
    ruleIds = playbook.rules.map((rule: { _id: string }) => rule._id);
    const list = await as('asha', 'GET', '/journal/playbooks');
    expect(list.json().data.map((entry: { _id: string }) => entry._id)).toEqual([playbookId]);
    expect((await as('ravi', 'GET', '/journal/playbooks')).json().data).toEqual([]);
  });

  it('refuses bad input with sentences and a second playbook of the same name with 409', async () => {
    const bad = await as('asha', 'POST', '/journal/playbooks', { name: '', rules: [{ text: ' ' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', message: 'Name the playbook.' }),
        expect.objectContaining({
          path: 'rules.0.text',
          message: 'Write the rule, or remove the empty line.',
        }),
      ]),
    );
    const twin = await as('asha', 'POST', '/journal/playbooks', { name: 'opening RANGE breakout' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toMatch(/already have a playbook called/);
    // Another learner may use the same name.
    expect(
      (await as('ravi', 'POST', '/journal/playbooks', { name: 'Opening range breakout' })).statusCode,
    ).toBe(201);
    // Renaming onto another playbook's name is refused too, and changes nothing.
    const other = (await as('asha', 'POST', '/journal/playbooks', { name: 'Pullback' })).json().data;
    const rename = await as('asha', 'PUT', `/journal/playbooks/${other._id}`, {
      name: 'Opening Range Breakout',
    });
    expect(rename.statusCode).toBe(409);
    expect((await as('asha', 'GET', `/journal/playbooks/${other._id}`)).json().data.name).toBe('Pullback');
    expect((await as('asha', 'DELETE', `/journal/playbooks/${other._id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another learner's playbook, whatever the method", async () => {
    expect((await as('ravi', 'GET', `/journal/playbooks/${playbookId}`)).statusCode).toBe(404);
    expect(
      (await as('ravi', 'PUT', `/journal/playbooks/${playbookId}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await as('ravi', 'DELETE', `/journal/playbooks/${playbookId}`)).statusCode).toBe(404);
    expect((await as('ravi', 'GET', `/journal/playbooks/${playbookId}/report`)).statusCode).toBe(404);
    // Nor can a trade of theirs name it.
    const named = await as('ravi', 'POST', '/journal/trades', trade(2470, { playbookId }));
    expect(named.statusCode).toBe(404);
    expect((await as('ravi', 'GET', '/journal/trades')).json().data.trades).toEqual([]);
    expect((await as('asha', 'GET', `/journal/playbooks/${playbookId}`)).json().data.name).toBe(
      'Opening range breakout',
    );
  });

  it('records which playbook a trade followed and which rules it kept', async () => {
    const [closesAbove, stopBelow] = ruleIds;
    const created = await as(
      'asha',
      'POST',
      '/journal/trades',
      trade(2470, { playbookId, followedRuleIds: [closesAbove, stopBelow] }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      playbookId,
      followedRuleIds: [closesAbove, stopBelow].sort(),
    });
    const id = created.json().data._id;
    // Unticking a rule on edit.
    const edited = await as(
      'asha',
      'PUT',
      `/journal/trades/${id}`,
      trade(2470, { playbookId, followedRuleIds: [stopBelow] }),
    );
    expect(edited.json().data.followedRuleIds).toEqual([stopBelow]);
    // An edit without playbookId leaves the playbook and ticks as they are.
    await as('asha', 'PUT', `/journal/trades/${id}`, trade(2470, { notes: 'Clean.' }));
    expect((await as('asha', 'GET', `/journal/trades/${id}`)).json().data).toMatchObject({
      playbookId,
      followedRuleIds: [stopBelow],
      notes: 'Clean.',
    });
    // A rule of no playbook of the trade's, or ticks without a playbook, are refused and change nothing.
    const stranger = await as(
      'asha',
      'PUT',
      `/journal/trades/${id}`,
      trade(2470, { playbookId, followedRuleIds: ['nope'] }),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().details[0].path).toBe('followedRuleIds.0');
    const orphan = await as(
      'asha',
      'PUT',
      `/journal/trades/${id}`,
      trade(2470, { followedRuleIds: [stopBelow] }),
    );
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().details[0].message).toBe('Choose the playbook whose rules the trade followed.');
    expect((await as('asha', 'GET', `/journal/trades/${id}`)).json().data.followedRuleIds).toEqual([
      stopBelow,
    ]);
    // Null takes the playbook off.
    const off = await as('asha', 'PUT', `/journal/trades/${id}`, trade(2470, { playbookId: null }));
    expect(off.json().data).toMatchObject({ playbookId: null, followedRuleIds: [] });
    await as('asha', 'DELETE', `/journal/trades/${id}`);
  });

  it('reports each rule kept against broken, with sample sizes (figures worked by hand)', async () => {
    const [closesAbove, stopBelow, volume] = ruleIds;
    // P&L: (exit − 2450) × 10 − 20.
    const trades = [
      [2470, [closesAbove, stopBelow]], // +180, kept 1 and 2, broke 3
      [2462, [closesAbove]], // +100, kept 1, broke 2 and 3
      [2445, [closesAbove, stopBelow, volume]], // −70, kept all
      [2440, [stopBelow]], // −120, kept 2, broke 1 and 3
    ] as const;
    for (const [exitPrice, followedRuleIds] of trades) {
      const answer = await as(
        'asha',
        'POST',
        '/journal/trades',
        trade(exitPrice, { playbookId, followedRuleIds }),
      );
      expect(answer.statusCode).toBe(201);
    }
    // An open trade of the playbook is not in the report.
    await as('asha', 'POST', '/journal/trades', trade(2470, { exitPrice: null, exitTime: null, playbookId }));
    const report = (await as('asha', 'GET', `/journal/playbooks/${playbookId}/report`)).json().data;
    expect(report.currency).toBe('INR');
    expect(report.playbook.trades).toBe(5);
    // 180 + 100 − 70 − 120 = 90 over 4, 2 wins.
    expect(report.overall).toEqual({ trades: 4, wins: 2, netPnl: 90, averagePnl: 22.5, winRate: 0.5 });
    const [r1, r2, r3] = report.rules;
    // Rule 1 kept: 180, 100, −70 → 210, 70 a trade, 2/3; broken: −120.
    expect(r1.followed).toEqual({ trades: 3, wins: 2, netPnl: 210, averagePnl: 70, winRate: 2 / 3 });
    expect(r1.broken).toEqual({ trades: 1, wins: 0, netPnl: -120, averagePnl: -120, winRate: 0 });
    expect(r1.contribution).toEqual({ averagePnl: 190, winRate: 0.666667 });
    // Rule 2 kept: 180, −70, −120 → −10, 1/3; broken: 100, 1/1.
    expect(r2.followed).toMatchObject({ trades: 3, wins: 1, netPnl: -10, averagePnl: -3.333333 });
    expect(r2.broken).toMatchObject({ trades: 1, wins: 1, netPnl: 100 });
    expect(r2.contribution).toEqual({ averagePnl: -103.333333, winRate: -0.666667 });
    // Rule 3 kept once (−70), broken three times (180, 100, −120 → 160).
    expect(r3.followed).toMatchObject({ trades: 1, netPnl: -70 });
    expect(r3.broken).toMatchObject({ trades: 3, wins: 2, netPnl: 160 });
  });

  it('keeps a rule’s history when the playbook is edited, and drops the rules left out', async () => {
    const [closesAbove, , volume] = ruleIds;
    const edited = await as('asha', 'PUT', `/journal/playbooks/${playbookId}`, {
      name: 'Opening range breakout',
      rules: [
        { id: volume, text: 'Volume 1.5× average' },
        { id: closesAbove, text: 'Candle closes above the range' },
        { text: 'New rule' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.rules.map((rule: { _id: string; text: string }) => rule.text)).toEqual([
      'Volume 1.5× average',
      'Candle closes above the range',
      'New rule',
    ]);
    const report = (await as('asha', 'GET', `/journal/playbooks/${playbookId}/report`)).json().data;
    expect(report.rules.map((rule: { followed: { trades: number } }) => rule.followed.trades)).toEqual([
      1, 3, 0,
    ]);
    // The new rule has no checks on older trades: neither side.
    expect(report.rules[2].broken.trades).toBe(0);
    expect(report.rules[2].contribution).toBeNull();
    const stranger = await as('asha', 'PUT', `/journal/playbooks/${playbookId}`, {
      name: 'Opening range breakout',
      rules: [{ id: 'not-a-rule', text: 'Sneaky' }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().details[0].path).toBe('rules.0.id');
    expect((await as('asha', 'GET', `/journal/playbooks/${playbookId}`)).json().data.rules).toHaveLength(3);
  });

  it('deletes a playbook; its trades stay, without it', async () => {
    expect((await as('asha', 'DELETE', `/journal/playbooks/${playbookId}`)).statusCode).toBe(200);
    expect((await as('asha', 'GET', `/journal/playbooks/${playbookId}`)).statusCode).toBe(404);
    const trades = (await as('asha', 'GET', '/journal/trades')).json().data.trades;
    expect(trades).toHaveLength(5);
    expect(trades.every((entry: { playbookId: string | null }) => entry.playbookId === null)).toBe(true);
  });
});
