import { phaseRuleText, RULE_SETS } from '@candlewise/shared/challenges/rule-sets';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, mockApi, validationFailed } from '@/testing/mock-api';
import { FRAME_WARM_UP_MS, renderApp, warmUpFrame } from '@/testing/render-app';
import { makeSession } from '@/testing/test-data';
import { makeInstrument } from '@/testing/trading-data';
import type { GroupParticipant } from '../api/get-group-participants';
import type { Group } from '../api/get-groups';

const localIso = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

const sprint: Group = {
  _id: 'group-running',
  name: 'November Forex Sprint',
  description: 'Majors and gold.',
  startDate: localIso(2026, 10, 19, 9, 0),
  endDate: localIso(2026, 11, 3, 17, 30),
  freezeDuration: 5_400_000,
  freezeThreshold: 5,
  drawdownBasis: 'balance',
  dailyLossLimit: 3,
  dailyResetHour: 17,
  timeZone: 'Europe/London',
  marketMode: 'replay',
  replayFrom: '2023-03-10T09:00:00.000Z',
  replaySpeed: 10,
  startingBalance: 100_000,
  currency: 'INR',
  ruleSet: 'practice@1',
  ranking: 'return',
  registrationOpen: true,
  instruments: ['EURUSD', 'XAUUSD'],
  participantsCount: 1,
  phase: 'running',
};

const requests = (): GroupParticipant[] => [
  {
    _id: 'p-lena',
    userId: 'u-lena',
    name: 'Lena Learner',
    email: 'lena@example.com',
    status: 'pending',
    requestedAt: localIso(2026, 10, 20, 10, 0),
    decidedAt: null,
  },
  {
    _id: 'p-omar',
    userId: 'u-omar',
    name: 'Omar Options',
    email: 'omar@example.com',
    status: 'approved',
    requestedAt: localIso(2026, 10, 18, 8, 0),
    decidedAt: localIso(2026, 10, 18, 9, 0),
  },
];

const NO_BARS =
  'There are no bars at 2023-03-10T14:00:00.000Z for EURUSD. Upload them under Admin → Markets, or choose another minute.';

const RULE_SET_LOCKED =
  "Members have already traded under practice@1, so this group's rule set cannot change.";

/** GET /rule-sets as the API answers it: the published rule sets, each phase's rules as sentences. */
const RULE_SET_LIST = RULE_SETS.map((ruleSet) => ({
  ...ruleSet,
  phases: ruleSet.phases.map((phase) => ({ ...phase, rules: phaseRuleText(ruleSet, phase) })),
}));

const CURRENCY_LOCKED =
  'Members already hold INR accounts in this competition, so its currency cannot change.';

/** A small stateful admin API: decisions change the requests, saves change the list. */
function mockAdminApi({
  refuseCurrencyChange = false,
  refuseRuleSetChange = false,
}: {
  refuseCurrencyChange?: boolean;
  refuseRuleSetChange?: boolean;
} = {}) {
  let groups = [sprint];
  let participants = requests();
  const api = mockApi({
    'GET /admin/market/replay-bars': {
      body: {
        success: true,
        data: [
          {
            symbol: 'BTCUSD',
            bars: 1440,
            first: '2023-03-10T00:00:00.000Z',
            last: '2023-03-10T23:59:00.000Z',
            days: ['2023-03-10'],
          },
          {
            symbol: 'EURUSD',
            bars: 782,
            first: '2023-03-09T14:30:00.000Z',
            last: '2023-03-10T21:00:00.000Z',
            days: ['2023-03-09', '2023-03-10'],
          },
        ],
      },
    },
    'GET /rule-sets': { body: { success: true, data: RULE_SET_LIST } },
    'GET /notification/all': { body: { success: true, data: [], meta: { nextCursor: null } } },
    'GET /instruments': {
      body: {
        success: true,
        data: [
          makeInstrument(),
          makeInstrument({
            symbol: 'XAUUSD',
            name: 'Gold',
            assetClass: 'commodity',
            tickSize: 0.01,
            contractSize: 100,
          }),
        ],
      },
    },
    'GET /group/': () => ({ body: { success: true, data: groups } }),
    'GET /admin/groups': () => ({
      body: {
        success: true,
        data: groups.map((group) => ({
          ...group,
          pendingRequests:
            group._id === 'group-running' ? participants.filter((p) => p.status === 'pending').length : 0,
        })),
      },
    }),
    'GET /admin/groups/group-running/participants': () => ({ body: { success: true, data: participants } }),
    'POST /admin/groups/group-running/participants/p-lena/approve': () => {
      participants = participants.map((p) =>
        p._id === 'p-lena' ? { ...p, status: 'approved', decidedAt: new Date().toISOString() } : p,
      );
      groups = groups.map((group) => ({ ...group, participantsCount: group.participantsCount + 1 }));
      return { body: { success: true, data: { _id: 'p-lena', status: 'approved' } } };
    },
    'POST /admin/groups/group-running/participants/p-lena/reject': () => {
      participants = participants.map((p) => (p._id === 'p-lena' ? { ...p, status: 'rejected' } : p));
      return { body: { success: true, data: { _id: 'p-lena', status: 'rejected' } } };
    },
    'POST /admin/groups': ({ body }: ApiCall) => {
      if ((body as Group).replayFrom === '2023-03-10T14:00:00.000Z') {
        return validationFailed({ replayFrom: NO_BARS }, NO_BARS);
      }
      const created = {
        ...(body as Group),
        _id: 'group-new',
        participantsCount: 0,
        phase: 'upcoming' as const,
      };
      groups = [...groups, created];
      return { status: 201, body: { success: true, data: created } };
    },
    'PUT /admin/groups/group-running': ({ body }: ApiCall) => {
      if (refuseCurrencyChange && (body as Group).currency !== sprint.currency) {
        return { status: 409, body: { success: false, code: 'CONFLICT', message: CURRENCY_LOCKED } };
      }
      if (refuseRuleSetChange && (body as Group).ruleSet !== sprint.ruleSet) {
        return { status: 409, body: { success: false, code: 'CONFLICT', message: RULE_SET_LOCKED } };
      }
      groups = groups.map((group) =>
        group._id === 'group-running' ? { ...group, ...(body as Group) } : group,
      );
      return { body: { success: true, data: groups[0] } };
    },
  });
  return api;
}

async function openPanel() {
  const view = renderApp('/admin?tab=groups', { auth: makeSession({ role: 'admin' }) });
  const panel = await screen.findByRole('region', { name: 'Competitions and approvals' });
  return { ...view, panel };
}

const groupRow = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('the admin Groups and approvals panel', { timeout: 60_000 }, () => {
  beforeAll(warmUpFrame, FRAME_WARM_UP_MS);

  it('lists each group with its phase, dates, joined count and rule', async () => {
    mockAdminApi();
    await openPanel();
    const row = await groupRow('November Forex Sprint');
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(row).getByText('Nov 19, 2026, 9:00 AM')).toBeInTheDocument();
    expect(within(row).getByText('to Dec 3, 2026, 5:30 PM')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByText('5% freezes for 1h 30m')).toBeInTheDocument();
    expect(within(row).getByText('₹1,00,000 to start')).toBeInTheDocument();
  });

  it('approves a pending request, refreshes the requests and the joined count', async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    // How many wait, in the header and beside the group's Requests button (its name stays "Requests").
    expect(await within(panel).findByText('1 join request waiting')).toBeInTheDocument();
    expect(within(await groupRow('November Forex Sprint')).getByText('1 waiting')).toBeInTheDocument();
    await user.click(
      within(await groupRow('November Forex Sprint')).getByRole('button', { name: 'Requests' }),
    );

    const lena = (await screen.findByText('Lena Learner')).closest('tr')!;
    expect(within(lena).getByText('Pending')).toBeInTheDocument();
    const omar = screen.getByText('Omar Options').closest('tr')!;
    expect(within(omar).getByText('Approved')).toBeInTheDocument();
    expect(within(omar).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await user.click(within(lena).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Lena Learner approved for November Forex Sprint.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByText('Lena Learner').closest('tr')!).getByText('Approved'),
      ).toBeInTheDocument(),
    );
    expect(
      within(screen.getByText('Lena Learner').closest('tr')!).queryByRole('button'),
    ).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups/group-running/participants/p-lena/approve')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]).getByText('2')).toBeInTheDocument());
    expect(await within(panel).findByText('No join requests waiting')).toBeInTheDocument();
    expect(within(await groupRow('November Forex Sprint')).queryByText('1 waiting')).not.toBeInTheDocument();
  });

  it('rejects a pending request', async () => {
    mockAdminApi();
    const { user } = await openPanel();
    await user.click(
      within(await groupRow('November Forex Sprint')).getByRole('button', { name: 'Requests' }),
    );
    const lena = (await screen.findByText('Lena Learner')).closest('tr')!;
    await user.click(within(lena).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(
        within(screen.getByText('Lena Learner').closest('tr')!).getByText('Rejected'),
      ).toBeInTheDocument(),
    );
  });

  it('creates a group: minutes become milliseconds, local date-times become ISO instants, INR by default', async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });

    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('December Gold Rush');
    await user.click(within(dialog).getByLabelText('Description'));
    await user.paste('Trade **gold**.');
    fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '2026-12-15T17:00' } });
    const threshold = within(dialog).getByLabelText('Freeze threshold');
    await user.clear(threshold);
    await user.type(threshold, '3');
    const minutes = within(dialog).getByLabelText('Freeze duration');
    await user.clear(minutes);
    await user.type(minutes, '90');

    await user.click(within(dialog).getByText('Preview'));
    expect(within(dialog).getByText('gold').tagName).toBe('STRONG');

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group “December Gold Rush” created.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups').map((call) => call.body)).toEqual([
      {
        name: 'December Gold Rush',
        description: 'Trade **gold**.',
        startDate: localIso(2026, 11, 1, 9, 0),
        endDate: localIso(2026, 11, 15, 17, 0),
        freezeThreshold: 3,
        freezeDuration: 5_400_000,
        drawdownBasis: 'peak',
        dailyLossLimit: 0,
        dailyResetHour: 0,
        timeZone: 'Asia/Kolkata',
        marketMode: 'live',
        replayFrom: null,
        replaySpeed: 1,
        startingBalance: 100_000,
        currency: 'INR',
        registrationOpen: true,
        instruments: [],
        ruleSet: 'practice@1',
        ranking: 'return',
      },
    ]);
    expect(await groupRow('December Gold Rush')).toBeInTheDocument();
  });

  it('creates a group with its risk rules: drawdown from the start, a daily loss limit, its day and zone', async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('Prop Firm Trial');

    const basis = within(dialog).getByLabelText('Drawdown measured');
    const basisItem = basis.closest('.ant-form-item') as HTMLElement;
    expect(basisItem).toHaveTextContent(
      'Members read: drawdown from your highest equity since the start or your last release (trailing).',
    );
    await user.click(basis);
    // Each basis is offered with its plain words.
    expect(await screen.findByText('from your starting balance (a fixed maximum loss)')).toBeInTheDocument();
    await user.click(await screen.findByTitle('Starting balance (fixed)'));
    expect(basisItem).toHaveTextContent(
      'Members read: drawdown from your starting balance (a fixed maximum loss).',
    );

    const daily = within(dialog).getByLabelText('Daily loss limit (%)');
    await user.clear(daily);
    await user.type(daily, '2');
    await user.click(within(dialog).getByLabelText('Day starts at'));
    await user.click(await screen.findByTitle('09:00'));
    const zone = within(dialog).getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'America/New_York');

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group “Prop Firm Trial” created.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups')[0].body).toMatchObject({
      name: 'Prop Firm Trial',
      drawdownBasis: 'start',
      dailyLossLimit: 2,
      dailyResetHour: 9,
      timeZone: 'America/New_York',
    });
  });

  it('creates a dollar competition: the starting balance is in dollars', async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('Wall Street Week');
    const balanceField = within(dialog).getByLabelText('Starting balance').closest('.ant-input-number')!;
    expect(balanceField).toHaveTextContent('₹');

    await user.click(within(dialog).getByLabelText('Account currency'));
    await user.click(await screen.findByTitle('USD ($)'));
    expect(balanceField).toHaveTextContent('$');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));

    expect(await screen.findByText('Group “Wall Street Week” created.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups')[0].body).toMatchObject({
      name: 'Wall Street Week',
      currency: 'USD',
      startingBalance: 100_000,
    });
    const row = await groupRow('Wall Street Week');
    expect(within(row).getByText('$100,000 to start')).toBeInTheDocument();
  });

  it('creates a replay of a real day: its first minute in UTC and its speed, a minute without bars refused under the field', async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('Replay Friday');
    expect(within(dialog).getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(within(dialog).queryByLabelText('First replayed minute')).not.toBeInTheDocument();

    await user.click(within(dialog).getByText('Replay of a real day'));
    // The days an instrument has bars on, from the uploads (issue #43): a replay starts on one.
    const days = await within(dialog).findByRole('list', { name: 'Days with bars (UTC)' });
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BTCUSD: 10 Mar 2023', 'EURUSD: 9 Mar 2023, 10 Mar 2023']);
    const minute = within(dialog).getByLabelText('First replayed minute');
    const minuteItem = minute.closest('.ant-form-item') as HTMLElement;
    expect(minuteItem).toHaveTextContent('Times are UTC.');
    fireEvent.change(minute, { target: { value: '2023-03-10T14:00' } });
    await user.click(within(dialog).getByLabelText('Speed'));
    await user.click(await screen.findByTitle('60×'));
    expect(within(dialog).getByLabelText('Speed').closest('.ant-form-item')).toHaveTextContent(
      'At 60× one real second plays one replayed minute; a 6½-hour session takes 6½ minutes.',
    );
    await user.click(within(dialog).getByLabelText('Instruments'));
    await user.click(await screen.findByTitle('EURUSD · Euro / US Dollar'));

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(minuteItem).findByText(NO_BARS)).toBeInTheDocument();
    // Said once, under the field it is about.
    expect(within(dialog).getAllByText(NO_BARS)).toHaveLength(1);
    expect(api.callsTo('POST', '/admin/groups')[0].body).toMatchObject({
      name: 'Replay Friday',
      marketMode: 'replay',
      replayFrom: '2023-03-10T14:00:00.000Z',
      replaySpeed: 60,
      instruments: ['EURUSD'],
    });

    fireEvent.change(minute, { target: { value: '2023-03-10T09:00' } });
    expect(within(minuteItem).queryByText(NO_BARS)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group “Replay Friday” created.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups')[1].body).toMatchObject({
      marketMode: 'replay',
      replayFrom: '2023-03-10T09:00:00.000Z',
      replaySpeed: 60,
    });
  });

  it('creates a competition ranked by the Calmar score, picked near the end of the form', async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('Steady Hands Cup');

    const ranking = within(dialog).getByLabelText('Ranking');
    expect(ranking.closest('.ant-select')).toHaveTextContent('Return %');
    await user.click(ranking);
    await user.click(await screen.findByTitle('Calmar (return ÷ max drawdown)'));

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group “Steady Hands Cup” created.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups')[0].body).toMatchObject({
      name: 'Steady Hands Cup',
      ranking: 'calmar',
    });
  });

  it('checks the form with the shared schema and sends nothing while it is wrong', async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.type(within(dialog).getByLabelText('Name'), 'ab');
    fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '2026-12-15T09:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '2026-12-01T09:00' } });
    await user.clear(within(dialog).getByLabelText('Freeze threshold'));
    const zone = within(dialog).getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Name the group (at least 3 characters).')).toBeInTheDocument();
    expect(within(dialog).getByText('The end must be after the start.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the drawdown that freezes an account.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Use a time zone such as Asia/Kolkata or America/New_York.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups')).toHaveLength(0);
  });

  it('edits a group with its current values filled in, its risk rules included', async () => {
    const api = mockAdminApi();
    const { user } = await openPanel();
    await user.click(within(await groupRow('November Forex Sprint')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “November Forex Sprint”' });
    expect(within(dialog).getByLabelText('Starts')).toHaveValue('2026-11-19T09:00');
    expect(within(dialog).getByLabelText('Freeze duration')).toHaveValue('90');
    expect(within(dialog).getByLabelText('Drawdown measured').closest('.ant-select')).toHaveTextContent(
      'Balance (open losses)',
    );
    expect(within(dialog).getByLabelText('Daily loss limit (%)')).toHaveValue('3');
    expect(within(dialog).getByLabelText('Day starts at').closest('.ant-select')).toHaveTextContent('17:00');
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('Europe/London');
    // The replay's first minute in UTC, whatever the admin's zone, and its speed.
    expect(within(dialog).getByRole('radio', { name: 'Replay of a real day' })).toBeChecked();
    expect(within(dialog).getByLabelText('First replayed minute')).toHaveValue('2023-03-10T09:00');
    expect(within(dialog).getByLabelText('Speed').closest('.ant-select')).toHaveTextContent('10×');

    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.paste('November Forex Marathon');
    await user.click(within(dialog).getByRole('button', { name: 'Save group' }));

    expect(await screen.findByText('Group “November Forex Marathon” saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/groups/group-running')[0].body).toMatchObject({
      name: 'November Forex Marathon',
      freezeDuration: 5_400_000,
      freezeThreshold: 5,
      startDate: sprint.startDate,
      instruments: ['EURUSD', 'XAUUSD'],
      // The edit replaces every field: the rules go back as they were, not as the defaults.
      drawdownBasis: 'balance',
      dailyLossLimit: 3,
      dailyResetHour: 17,
      timeZone: 'Europe/London',
      // …and so do the replay settings.
      marketMode: 'replay',
      replayFrom: '2023-03-10T09:00:00.000Z',
      replaySpeed: 10,
    });
    expect(await groupRow('November Forex Marathon')).toBeInTheDocument();
  });

  it('shows why the currency of a competition with accounts cannot change, and keeps the form open', async () => {
    const api = mockAdminApi({ refuseCurrencyChange: true });
    const { user } = await openPanel();
    await user.click(within(await groupRow('November Forex Sprint')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “November Forex Sprint”' });
    const currency = within(dialog).getByLabelText('Account currency').closest('.ant-select')!;
    expect(currency).toHaveTextContent('INR (₹)');

    await user.click(within(dialog).getByLabelText('Account currency'));
    await user.click(await screen.findByTitle('USD ($)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save group' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CURRENCY_LOCKED);
    expect(api.callsTo('PUT', '/admin/groups/group-running')[0].body).toMatchObject({ currency: 'USD' });
    expect(screen.getByRole('dialog', { name: 'Edit “November Forex Sprint”' })).toBeInTheDocument();
    expect(
      within(await groupRow('November Forex Sprint')).getByText('₹1,00,000 to start'),
    ).toBeInTheDocument();
  });

  it("creates a challenge group: the rule sets from the API, the chosen one's rules, the freeze fields set aside", async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('Two-step Trial');
    const field = within(dialog).getByLabelText('Rule set');
    const item = field.closest('.ant-form-item') as HTMLElement;
    // Practice by default: its note, and the freeze fields it is made of.
    expect(await within(item).findByText(/^No objectives to pass/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Freeze threshold')).toBeInTheDocument();

    await user.click(field);
    await user.click(await screen.findByTitle('Two-step 10/5 · two-step-10-5@1'));
    expect(within(item).getByText(/^Phase 1 \("Challenge"\) asks 10 % profit/)).toBeInTheDocument();
    const verification = within(item).getByRole('region', { name: 'Verification rules' });
    expect(
      within(verification)
        .getAllByRole('listitem')
        .map((rule) => rule.textContent),
    ).toEqual(phaseRuleText(RULE_SETS[1], RULE_SETS[1].phases[1]));
    expect(within(item).getByText(/^Source: FTMO/)).toBeInTheDocument();
    // The freeze rule is Practice's: under a challenge its fields are set aside, and the form says why.
    expect(within(dialog).queryByLabelText('Freeze threshold')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Daily loss limit (%)')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(/Two-step 10\/5 brings its own limits and day, so they do not apply\.$/),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group “Two-step Trial” created.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups')[0].body).toMatchObject({
      name: 'Two-step Trial',
      ruleSet: 'two-step-10-5@1',
    });
    // Its rule in the list is its rule set, not a freeze.
    expect(within(await groupRow('Two-step Trial')).getByText('Two-step 10/5')).toBeInTheDocument();
  });

  it("keeps the day's start and zone for a challenge rule set that counts days in the group's", async () => {
    const api = mockAdminApi();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('Replay Cup');
    await user.click(within(dialog).getByLabelText('Rule set'));
    await user.click(await screen.findByTitle('Replay two-step 2/1 · replay-two-step-2-1@1'));
    expect(within(dialog).queryByLabelText('Freeze threshold')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(/Its days start at the hour and in the zone below\.$/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Day starts at'));
    await user.click(await screen.findByTitle('09:00'));
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group “Replay Cup” created.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/groups')[0].body).toMatchObject({
      ruleSet: 'replay-two-step-2-1@1',
      dailyResetHour: 9,
      timeZone: 'Asia/Kolkata',
    });
  });

  it("shows why a group's rule set cannot change once members trade, and keeps the form open", async () => {
    const api = mockAdminApi({ refuseRuleSetChange: true });
    const { user } = await openPanel();
    await user.click(within(await groupRow('November Forex Sprint')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “November Forex Sprint”' });
    const field = within(dialog).getByLabelText('Rule set');
    await waitFor(() => expect(field.closest('.ant-select')).toHaveTextContent('Practice · practice@1'));
    await user.click(field);
    await user.click(await screen.findByTitle('One-step consistency 6/4 · consistency-6-4@1'));
    await user.click(within(dialog).getByRole('button', { name: 'Save group' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RULE_SET_LOCKED);
    expect(api.callsTo('PUT', '/admin/groups/group-running')[0].body).toMatchObject({
      ruleSet: 'consistency-6-4@1',
      // The hidden freeze fields go back as they were.
      freezeThreshold: 5,
      dailyLossLimit: 3,
    });
    expect(screen.getByRole('dialog', { name: 'Edit “November Forex Sprint”' })).toBeInTheDocument();
  });
});
