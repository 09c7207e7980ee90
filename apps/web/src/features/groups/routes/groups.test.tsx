import { phaseRuleText, RULE_SETS } from '@candlewise/shared/challenges/rule-sets';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { mockApi } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { makeStandingsPage } from '@/testing/trading-data';
import type { Participation } from '../api/get-group-statuses';
import type { Group } from '../api/get-groups';
import { makeGroup as makeAnyGroup } from '../testing/make-group';
import GroupsPage from './groups';

const localIso = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

function makeGroup(overrides: Partial<Group> = {}): Group {
  return makeAnyGroup({
    _id: 'g-forex',
    name: 'November Forex Sprint',
    description: 'Two weeks of **paper trading**.\n\n- Majors and gold\n- Ranked live by PnL %',
    startDate: localIso(2026, 10, 19, 9, 0),
    endDate: localIso(2026, 11, 3, 17, 30),
    freezeDuration: 5_400_000,
    freezeThreshold: 5,
    participantsCount: 12,
    currency: 'INR',
    ...overrides,
  });
}

const participation = (groupId: string, status: Participation['status']): Participation => ({
  _id: `p-${groupId}`,
  groupId: { _id: groupId, name: groupId },
  status,
});

type Reply = { status?: number; body?: unknown };

/** The frame's calls answered quietly, the groups API as given; every call recorded. */
function mockGroupsApi(
  userId: string,
  {
    groups = [makeGroup()],
    participations = [],
    groupsReply,
    statusesReply,
    joinReply,
    withdrawReply = { status: 200, body: { success: true, message: 'Request withdrawn', data: null } },
  }: {
    groups?: Group[];
    participations?: Participation[];
    groupsReply?: Reply | (() => Reply);
    statusesReply?: Reply;
    joinReply?: Reply;
    withdrawReply?: Reply;
  } = {},
) {
  const joinPaths = Object.fromEntries(
    groups.flatMap((group) => [
      // What the leaderboard page reads when a card's link opens it.
      [`GET /group/${group._id}`, { body: { success: true, data: group } }],
      [`GET /group/${group._id}/leaderboard`, { body: { success: true, data: makeStandingsPage([]) } }],
      [
        `POST /group/${group._id}/participants`,
        () =>
          joinReply ?? {
            status: 201,
            body: {
              success: true,
              message: 'Request sent successfully',
              data: { ...participation(group._id, 'pending'), groupId: { _id: group._id, name: group.name } },
            },
          },
      ],
      [`DELETE /group/${group._id}/participants/p-${group._id}`, () => withdrawReply],
    ]),
  );
  return mockApi({
    'GET /rule-sets': {
      body: {
        success: true,
        data: RULE_SETS.map((ruleSet) => ({
          ...ruleSet,
          phases: ruleSet.phases.map((phase) => ({ ...phase, rules: phaseRuleText(ruleSet, phase) })),
        })),
      },
    },
    'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    'GET /group/': groupsReply ?? { body: { success: true, data: groups } },
    [`GET /group/getParticipants/participants/${userId}`]: statusesReply ?? {
      body: { success: true, data: participations },
    },
    ...joinPaths,
  });
}

/** Holds back the answers to one path until the test releases them. */
function holdRequests(api: ReturnType<typeof mockApi>, pathEnd: string) {
  const answerOthers = api.fetchMock.getMockImplementation()!;
  const waiting: Array<() => void> = [];
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input).endsWith(pathEnd)) await new Promise<void>((resolve) => waiting.push(resolve));
    return answerOthers(input, init);
  });
  return {
    release: async () => {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

function openGroups(options: Parameters<typeof mockGroupsApi>[1] = {}) {
  const session = makeSession();
  const api = mockGroupsApi(session.user._id, options);
  const view = renderApp('/group', { auth: session });
  return { ...view, api, session };
}

const card = (name: string) => screen.findByRole('article', { name });

// The first render of antd's components in a fresh worker takes seconds.
describe('the groups screen (/group)', { timeout: 30_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);
  // The sample competition runs 19 Nov – 3 Dec 2026: the screen is looked at while it is open (the
  // real clock made every Join button "ended" from 3 Dec 17:30 on). Only Date is faked; timers run.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 25, 12, 0), shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the heading 'GROUPS' and a spinner while the groups load", async () => {
    const session = makeSession();
    const api = mockGroupsApi(session.user._id);
    const held = holdRequests(api, '/api/v1/group/');
    renderApp('/group', { auth: session });

    expect(await screen.findByRole('heading', { level: 1, name: 'GROUPS' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading groups' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    await held.release();
    expect(await card('November Forex Sprint')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading groups' })).not.toBeInTheDocument();
  });

  it("shows one card per group with its name, 'N total joined', Info and Join, and no Leaderboard link", async () => {
    const { api } = openGroups({
      groups: [
        makeGroup(),
        makeGroup({
          _id: 'g-nifty',
          name: 'Nifty & Sensex Challenge',
          participantsCount: 0,
          phase: 'upcoming',
        }),
      ],
    });
    const forex = await card('November Forex Sprint');
    const nifty = screen.getByRole('article', { name: 'Nifty & Sensex Challenge' });
    expect(screen.getAllByRole('article')).toHaveLength(2);

    expect(within(forex).getByText('12 total joined')).toBeInTheDocument();
    expect(within(nifty).getByText('0 total joined')).toBeInTheDocument();
    expect(within(nifty).getByText('Upcoming')).toBeInTheDocument();
    for (const group of [forex, nifty]) {
      expect(within(group).getByRole('button', { name: 'Info' })).toBeEnabled();
      const join = within(group).getByRole('button', { name: 'Join' });
      expect(join).toBeEnabled();
      expect(join).toHaveClass('cw-plain-button--primary');
      expect(within(group).queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();
    }
    expect(api.callsTo('GET', '/group/')).toHaveLength(1);
  });

  it('labels, colours and disables the Join button by status, with the Leaderboard link only when approved', async () => {
    openGroups({
      groups: [
        makeGroup({ _id: 'g-none', name: 'No status' }),
        makeGroup({ _id: 'g-pending', name: 'Pending group' }),
        makeGroup({ _id: 'g-approved', name: 'Approved group' }),
        makeGroup({ _id: 'g-rejected', name: 'Rejected group' }),
      ],
      participations: [
        participation('g-pending', 'pending'),
        participation('g-approved', 'approved'),
        participation('g-rejected', 'rejected'),
      ],
    });

    const none = await card('No status');
    expect(within(none).getByRole('button', { name: 'Join' })).toBeEnabled();
    expect(within(none).queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();

    const pending = screen.getByRole('article', { name: 'Pending group' });
    expect(within(pending).getByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(within(pending).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    expect(within(pending).queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();

    const approved = screen.getByRole('article', { name: 'Approved group' });
    const approvedButton = within(approved).getByRole('button', { name: 'Approved' });
    expect(approvedButton).toBeDisabled();
    expect(approvedButton).toHaveClass('cw-plain-button--primary', 'cw-join-button--approved');
    expect(within(approved).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      '/group/g-approved/leaderboard',
    );

    const rejected = screen.getByRole('article', { name: 'Rejected group' });
    const rejectedButton = within(rejected).getByRole('button', { name: 'Rejected' });
    expect(rejectedButton).toBeDisabled();
    expect(rejectedButton).toHaveClass('cw-plain-button--primary', 'cw-join-button--rejected');
    expect(within(rejected).queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();
  });

  it('disables Join on an ended or closed competition and says why, for screen readers too', async () => {
    const { user, api } = openGroups({
      groups: [
        makeGroup({ _id: 'g-ended', name: 'October Crypto Cup', phase: 'ended', registrationOpen: false }),
        makeGroup({ _id: 'g-closed', name: 'Invite-only Cup', phase: 'upcoming', registrationOpen: false }),
        makeGroup({ _id: 'g-open', name: 'Open Cup', phase: 'upcoming', registrationOpen: true }),
      ],
    });
    const ended = await card('October Crypto Cup');
    const endedJoin = within(ended).getByRole('button', { name: 'Join' });
    expect(endedJoin).toBeDisabled();
    expect(endedJoin).toHaveAccessibleDescription('This competition has ended; you can no longer join it.');
    expect(within(ended).getByText('This competition has ended; you can no longer join it.')).toBeVisible();

    const closed = screen.getByRole('article', { name: 'Invite-only Cup' });
    const closedJoin = within(closed).getByRole('button', { name: 'Join' });
    expect(closedJoin).toBeDisabled();
    expect(closedJoin).toHaveAccessibleDescription('Registration for this group is closed.');
    expect(within(closed).queryByRole('link', { name: 'Final standings' })).not.toBeInTheDocument();

    const open = screen.getByRole('article', { name: 'Open Cup' });
    expect(within(open).getByRole('button', { name: 'Join' })).toBeEnabled();
    expect(within(open).getByRole('button', { name: 'Join' })).not.toHaveAttribute('aria-describedby');

    await user.click(endedJoin);
    expect(screen.queryByRole('dialog', { name: 'Join Group' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/group/g-ended/participants')).toHaveLength(0);
  });

  it('links every learner to an ended competition’s final standings; a member keeps the Leaderboard link', async () => {
    const { user, currentPath } = openGroups({
      groups: [
        makeGroup({ _id: 'g-ended', name: 'October Crypto Cup', phase: 'ended' }),
        makeGroup({ _id: 'g-mine', name: 'September Cup', phase: 'ended' }),
        makeGroup({ _id: 'g-running', name: 'November Forex Sprint', phase: 'running' }),
      ],
      participations: [participation('g-mine', 'approved')],
    });
    const ended = await card('October Crypto Cup');
    const standings = within(ended).getByRole('link', { name: 'Final standings' });
    expect(standings).toHaveAttribute('href', '/group/g-ended/leaderboard');
    expect(within(ended).queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();

    const mine = screen.getByRole('article', { name: 'September Cup' });
    expect(within(mine).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      '/group/g-mine/leaderboard',
    );
    expect(within(mine).queryByRole('link', { name: 'Final standings' })).not.toBeInTheDocument();
    const running = screen.getByRole('article', { name: 'November Forex Sprint' });
    expect(within(running).queryByRole('link', { name: 'Final standings' })).not.toBeInTheDocument();

    await user.click(standings);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'October Crypto Cup · Leaderboard' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Final standings' })).toBeInTheDocument();
    expect(currentPath()).toBe('/group/g-ended/leaderboard');
  });

  it('withdraws a pending request after asking: Keep request sends nothing, then the card offers Join again', async () => {
    const { user, api } = openGroups({ participations: [participation('g-forex', 'pending')] });
    const forex = await card('November Forex Sprint');
    expect(within(forex).getByRole('button', { name: 'Request Sent' })).toBeDisabled();

    await user.click(within(forex).getByRole('button', { name: 'Withdraw request' }));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw request' });
    expect(
      within(dialog).getByText(
        'Withdraw your request to join November Forex Sprint? You can ask to join again while registration is open.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/group/g-forex/participants/p-g-forex')).toHaveLength(0);

    const held = holdRequests(api, '/api/v1/group/g-forex/participants/p-g-forex');
    await user.click(within(forex).getByRole('button', { name: 'Withdraw request' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw request' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await within(forex).findByRole('button', { name: /Withdrawing\.\.\./ })).toBeInTheDocument();
    await held.release();

    expect(await screen.findByText('Request withdrawn')).toBeInTheDocument();
    expect(await within(forex).findByRole('button', { name: 'Join' })).toBeEnabled();
    expect(within(forex).queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/group/g-forex/participants/p-g-forex')).toHaveLength(1);
  });

  it('offers Withdraw request in the Info dialog of a pending group, with the same confirmation', async () => {
    const { user, api } = openGroups({ participations: [participation('g-forex', 'pending')] });
    const forex = await card('November Forex Sprint');
    await user.click(within(forex).getByRole('button', { name: 'Info' }));
    const info = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    expect(within(info).getByText('Your request to join is waiting for an admin.')).toBeInTheDocument();
    await user.click(within(info).getByRole('button', { name: 'Withdraw request' }));

    // Under test antd gives every dialog title the same id, so the hidden Info dialog's title would
    // name this one too: it is found by its text here (a browser has distinct ids).
    const confirm = (
      await screen.findByText(/^Withdraw your request to join November Forex Sprint\?/)
    ).closest('[role="dialog"]') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw request' }));
    expect(await within(forex).findByRole('button', { name: 'Join' })).toBeEnabled();
    expect(api.callsTo('DELETE', '/group/g-forex/participants/p-g-forex')).toHaveLength(1);
  });

  it('shows no Withdraw request in the Info dialog without a pending request', async () => {
    const { user } = openGroups({ participations: [participation('g-forex', 'approved')] });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));
    const info = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    expect(within(info).queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
  });

  it('shows the server’s sentence when the request was decided meanwhile, and reads the statuses again', async () => {
    const sentence =
      'Your request was already approved, so there is nothing to withdraw: you are a member of this competition.';
    const { user, api, session } = openGroups({
      participations: [participation('g-forex', 'pending')],
      withdrawReply: { status: 409, body: { success: false, code: 'CONFLICT', message: sentence } },
    });
    const forex = await card('November Forex Sprint');
    await user.click(within(forex).getByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw request' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', `/group/getParticipants/participants/${session.user._id}`)).toHaveLength(2),
    );
  });

  it('opens the leaderboard of an approved group', async () => {
    const { user, currentPath } = openGroups({ participations: [participation('g-forex', 'approved')] });
    await user.click(within(await card('November Forex Sprint')).getByRole('link', { name: 'Leaderboard' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'November Forex Sprint · Leaderboard' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/group/g-forex/leaderboard');
  });

  it('shows the Info dialog: name, dates and times, the description as markdown and the freeze rule', async () => {
    const { user } = openGroups({ groups: [makeGroup({ startingBalance: 100_000 })] });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));

    const dialog = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    const fact = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(fact('Start Date')).toHaveTextContent('Nov 19, 2026');
    expect(fact('Start Time')).toHaveTextContent('9:00 AM');
    expect(fact('End Date')).toHaveTextContent('Dec 3, 2026');
    expect(fact('End Time')).toHaveTextContent('5:30 PM');
    expect(fact('Freeze Duration')).toHaveTextContent('1h 30m');
    expect(fact('Freeze Threshold')).toHaveTextContent('5%');
    expect(fact('Daily Loss Limit')).toHaveTextContent('Off');
    // A group that does not say how drawdown is measured has the API's default, the trailing peak.
    expect(
      within(dialog).getByText(
        'Freeze at 5% drawdown from your highest equity since the start or your last release (trailing).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/^Daily loss limit/)).not.toBeInTheDocument();
    expect(fact('Starting Balance')).toHaveTextContent('₹1,00,000');
    expect(fact('Account currency')).toHaveTextContent('INR (₹)');
    expect(
      within(dialog).getByText(/Instruments quoted in another currency are converted at the live rate/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('paper trading').tagName).toBe('STRONG');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Majors and gold', 'Ranked live by PnL %']);
    expect(dialog.innerHTML).not.toContain('**');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the risk rules in words: the drawdown measured from the start and the daily loss limit', async () => {
    const { user } = openGroups({
      groups: [
        makeGroup({ drawdownBasis: 'start', dailyLossLimit: 2, dailyResetHour: 9, timeZone: 'Asia/Kolkata' }),
      ],
    });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    const rules = within(dialog).getByRole('region', { name: 'Risk rules' });
    expect(
      within(rules).getByText('Freeze at 5% drawdown from your starting balance (a fixed maximum loss).'),
    ).toBeInTheDocument();
    expect(
      within(rules).getByText('Daily loss limit 2%, the day starts at 09:00 Asia/Kolkata.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Daily Loss Limit').nextElementSibling).toHaveTextContent('2%');
  });

  it('shows a dollar competition’s starting balance and account currency in dollars', async () => {
    const { user } = openGroups({ groups: [makeGroup({ startingBalance: 250_000, currency: 'USD' })] });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    const fact = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(fact('Starting Balance')).toHaveTextContent('$250,000');
    expect(fact('Account currency')).toHaveTextContent('USD ($)');
    expect(within(dialog).getByText(/standings are in USD/)).toBeInTheDocument();
  });

  it('says which real day a replay competition plays back, from when and how fast', async () => {
    const { user } = openGroups({
      groups: [makeGroup({ marketMode: 'replay', replayFrom: '2023-03-10T14:00:00.000Z', replaySpeed: 60 })],
    });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    expect(within(dialog).getByText('Market').nextElementSibling).toHaveTextContent(
      'Replays 10 Mar 2023 from 14:00 UTC at 60×',
    );
  });

  it("says 'Not available' for missing dates and 'Not set' for missing times", async () => {
    const { user } = openGroups({
      groups: [makeGroup({ startDate: null, endDate: null, freezeDuration: 600_000, freezeThreshold: 3 })],
    });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    const fact = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(fact('Start Date')).toHaveTextContent('Not available');
    expect(fact('End Date')).toHaveTextContent('Not available');
    expect(fact('Start Time')).toHaveTextContent('Not set');
    expect(fact('End Time')).toHaveTextContent('Not set');
    expect(fact('Freeze Duration')).toHaveTextContent('10m');
    expect(fact('Freeze Threshold')).toHaveTextContent('3%');
  });

  it("shows a challenge group's rule set and its rules in the Info dialog, not the freeze rule", async () => {
    const { user } = openGroups({ groups: [makeGroup({ ruleSet: 'consistency-6-4@1' })] });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    await waitFor(() =>
      expect(within(dialog).getByText('Rule set').nextElementSibling).toHaveTextContent(
        'One-step consistency 6/4',
      ),
    );
    const rules = within(dialog).getByRole('region', { name: 'Combine rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(phaseRuleText(RULE_SETS[2], RULE_SETS[2].phases[0]));
    expect(within(dialog).queryByText('Freeze Threshold')).not.toBeInTheDocument();
    // Its day is its own (17:00 Chicago), not the group's.
    expect(within(dialog).queryByText('Day starts')).not.toBeInTheDocument();
    expect(
      within(dialog).queryByText(/your account is frozen for the freeze duration/),
    ).not.toBeInTheDocument();
  });

  it("names the group's day for a challenge rule set that counts days in it", async () => {
    const { user } = openGroups({
      groups: [makeGroup({ ruleSet: 'replay-two-step-2-1@1', dailyResetHour: 9, timeZone: 'Europe/London' })],
    });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    expect((await within(dialog).findByText('Day starts')).nextElementSibling).toHaveTextContent(
      '09:00 Europe/London',
    );
    expect(within(dialog).getByText('Rule set').nextElementSibling).toHaveTextContent('Replay two-step 2/1');
  });

  it('shows a freeze duration in seconds and keeps a script in the description as text', async () => {
    const { user } = openGroups({
      groups: [
        makeGroup({
          freezeDuration: 45_000,
          description: '<script>alert(1)</script> [x](javascript:alert(1))',
        }),
      ],
    });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'November Forex Sprint' });
    expect(within(dialog).getByText('Freeze Duration').nextElementSibling).toHaveTextContent('45s');
    expect(within(dialog).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks before joining; Cancel sends nothing', async () => {
    const { user, api } = openGroups();
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Join' }));

    const dialog = await screen.findByRole('dialog', { name: 'Join Group' });
    expect(
      within(dialog).getByText(
        "Are you sure you want to join November Forex Sprint? You'll be added as a participant.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Join Group' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/group/g-forex/participants')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it("joins: 'Joining...' while in flight, then the success toast and 'Request Sent'", async () => {
    const { user, api, session } = openGroups();
    const held = holdRequests(api, '/api/v1/group/g-forex/participants');
    const forex = await card('November Forex Sprint');
    await user.click(within(forex).getByRole('button', { name: 'Join' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Join Group' })).getByRole('button', {
        name: 'Join Group',
      }),
    );

    expect(await within(forex).findByRole('button', { name: 'Joining...' })).toBeDisabled();
    await held.release();

    expect(await screen.findByText('Request sent successfully')).toBeInTheDocument();
    expect(await within(forex).findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(within(forex).queryByRole('link', { name: 'Leaderboard' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/group/g-forex/participants').map((call) => call.body)).toEqual([
      { userId: session.user._id },
    ]);
  });

  it("shows the server's message when joining fails with an answer", async () => {
    const { user } = openGroups({
      joinReply: {
        status: 409,
        body: { success: false, message: 'You have already asked to join this group.', code: 'CONFLICT' },
      },
    });
    await user.click(within(await card('November Forex Sprint')).getByRole('button', { name: 'Join' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Join Group' })).getByRole('button', {
        name: 'Join Group',
      }),
    );
    expect(await screen.findByText('You have already asked to join this group.')).toBeInTheDocument();
    expect(screen.queryByText('Request sent successfully')).not.toBeInTheDocument();
  });

  it.each([
    ['no answer reaches the app', 'network'],
    ['the answer carries no message', 'silent'],
  ])("says 'Failed to join group' when %s", async (_case, kind) => {
    const { user, api } = openGroups({ joinReply: { status: 500, body: {} } });
    if (kind === 'network') {
      const answerOthers = api.fetchMock.getMockImplementation()!;
      api.fetchMock.mockImplementation(async (input, init) => {
        if (String(input).endsWith('/participants')) throw new TypeError('Failed to fetch');
        return answerOthers(input, init);
      });
    }
    const forex = await card('November Forex Sprint');
    await user.click(within(forex).getByRole('button', { name: 'Join' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Join Group' })).getByRole('button', {
        name: 'Join Group',
      }),
    );
    expect(await screen.findByText('Failed to join group')).toBeInTheDocument();
    expect(await within(forex).findByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it("shows 'No groups available' when there are none", async () => {
    openGroups({ groups: [] });
    expect(await screen.findByText('No groups available')).toBeInTheDocument();
    expect(screen.getByText('Check back later for new groups')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('logs a failure to load the groups and offers Retry, with no false empty state', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    const { user, api } = openGroups({
      groupsReply: () =>
        failing
          ? { status: 403, body: { success: false, message: 'Not allowed', code: 'FORBIDDEN' } }
          : { body: { success: true, data: [makeGroup()] } },
    });
    const alert = await screen.findByRole('alert');
    expect(consoleError).toHaveBeenCalledWith('Failed to load groups', expect.anything());
    expect(within(alert).getByText('We could not load the groups')).toBeInTheDocument();
    expect(within(alert).getByText('Check your connection, then try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'GROUPS' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading groups' })).not.toBeInTheDocument();
    expect(screen.queryByText('No groups available')).not.toBeInTheDocument();
    // The server's sentence is for the log, not the page.
    expect(screen.queryByText('Not allowed')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card('November Forex Sprint')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/group/')).toHaveLength(2);
  });

  it('only logs a failure to load the statuses: the groups show with Join', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    openGroups({
      statusesReply: { status: 404, body: { success: false, message: 'Nope', code: 'NOT_FOUND' } },
    });
    const forex = await card('November Forex Sprint');
    expect(within(forex).getByRole('button', { name: 'Join' })).toBeEnabled();
    expect(consoleError).toHaveBeenCalledWith('Failed to load group statuses', expect.anything());
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
  });

  it('sends a signed-out user to /auth', async () => {
    const { store } = createAppStore({ auth: { token: null, user: null }, theme: { darkMode: false } });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/group']}>
          <Routes>
            <Route path="/group" element={<GroupsPage />} />
            <Route path="/auth" element={<p>The auth page</p>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('The auth page')).toBeInTheDocument();
  });
});
