import {
  ACCOUNT_CURRENCIES,
  type AccountCurrency,
  DEFAULT_RULE_SET,
  DRAWDOWN_BASES,
  DRAWDOWN_BASIS_TEXT,
  type DrawdownBasis,
  groupFieldsSchema,
  isTimeZone,
  RANKINGS,
  type Ranking,
} from '@candlewise/shared';
import { Alert, AutoComplete, Form, Input, InputNumber, Modal, Radio, Segmented, Select, Switch } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAdminFormModal } from '@/components/admin-form-modal/use-admin-form-modal';
import { MarkdownText } from '@/components/markdown-text/markdown-text';
import { ApiError } from '@/lib/api-client';
import { type GroupFields, useCreateGroup } from '../../api/create-group';
import type { Group } from '../../api/get-groups';
import { useInstruments } from '../../api/get-instruments';
import { useRuleSets } from '../../api/get-rule-sets';
import { useUpdateGroup } from '../../api/update-group';
import { isPracticeRuleSet } from '../../lib/challenge-text';
import {
  fromDateTimeLocal,
  fromUtcDateTimeLocal,
  toDateTimeLocal,
  toUtcDateTimeLocal,
} from '../../lib/datetime-local';
import { DEFAULT_TIME_ZONE, resetHourText } from '../../lib/risk-rule-text';
import { currencyLabel, currencySymbol } from '../../lib/trading-format';
import { ReplayDaysNote } from './replay-days-note';
import { RuleSetField } from './rule-set-field';

const MINUTE_MS = 60_000;

/** What an admin picks the drawdown basis by; the plain words (DRAWDOWN_BASIS_TEXT) describe each. */
const BASIS_LABELS: Record<DrawdownBasis, string> = {
  peak: 'Highest equity (trailing)',
  balance: 'Balance (open losses)',
  start: 'Starting balance (fixed)',
};

/** Offered in the Time zone field; any IANA zone the browser knows is accepted. */
const COMMON_TIME_ZONES = [
  'Asia/Kolkata',
  'America/New_York',
  'Europe/London',
  'UTC',
  'Asia/Dubai',
  'Asia/Singapore',
];

/** The rankings an admin picks from (RANKING_TITLES says them on the leaderboard). */
const RANKING_LABELS: Record<Ranking, string> = {
  return: 'Return %',
  calmar: 'Calmar (return ÷ max drawdown)',
};

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

type MarketMode = GroupFields['marketMode'];

/** The replay speeds offered; a group saved at another speed keeps it offered too. */
const REPLAY_SPEED_CHOICES = [1, 2, 5, 10, 30, 60];

/** The form's own values: local date-times and the freeze duration in minutes, as an admin thinks of them. */
type Draft = {
  name: string;
  description: string;
  /** The challenge rule set, `<id>@<version>` (GET /rule-sets); Practice is the freeze fields below. */
  ruleSet: string;
  start: string;
  end: string;
  freezeThreshold: number | null;
  freezeMinutes: number | null;
  drawdownBasis: DrawdownBasis;
  dailyLossLimit: number | null;
  dailyResetHour: number;
  timeZone: string;
  startingBalance: number | null;
  currency: AccountCurrency;
  registrationOpen: boolean;
  instruments: string[];
  marketMode: MarketMode;
  /** The first replayed minute as 'YYYY-MM-DDTHH:mm' in UTC: bars are stored, and named, in UTC. */
  replayFrom: string;
  replaySpeed: number;
  /** How the leaderboard ranks: return %, or the Calmar score (docs/challenges.md, "Ranking"). */
  ranking: Ranking;
};
type DraftKey = keyof Draft;
/** Messages per field; the form-wide one under ''. */
type Errors = Partial<Record<DraftKey | '', string>>;

/** The API's field names (groupFieldsSchema) on the form's fields. */
const draftKeyOf: Record<string, DraftKey> = {
  name: 'name',
  description: 'description',
  ruleSet: 'ruleSet',
  startDate: 'start',
  endDate: 'end',
  freezeThreshold: 'freezeThreshold',
  freezeDuration: 'freezeMinutes',
  drawdownBasis: 'drawdownBasis',
  dailyLossLimit: 'dailyLossLimit',
  dailyResetHour: 'dailyResetHour',
  timeZone: 'timeZone',
  startingBalance: 'startingBalance',
  currency: 'currency',
  registrationOpen: 'registrationOpen',
  instruments: 'instruments',
  marketMode: 'marketMode',
  replayFrom: 'replayFrom',
  replaySpeed: 'replaySpeed',
  ranking: 'ranking',
};

const isDrawdownBasis = (basis: string | undefined): basis is DrawdownBasis =>
  (DRAWDOWN_BASES as readonly string[]).includes(basis ?? '');

const isAccountCurrency = (code: string | undefined): code is AccountCurrency =>
  (ACCOUNT_CURRENCIES as readonly string[]).includes(code ?? '');

function initialDraft(group: Group | null): Draft {
  if (group) {
    return {
      name: group.name,
      description: group.description ?? '',
      // The edit replaces every field: the group's rule set is sent back unless changed here.
      ruleSet: group.ruleSet ?? DEFAULT_RULE_SET,
      start: toDateTimeLocal(group.startDate),
      end: toDateTimeLocal(group.endDate),
      freezeThreshold: group.freezeThreshold,
      freezeMinutes: Math.round((group.freezeDuration / MINUTE_MS) * 100) / 100,
      // The edit replaces every field, so the group's own rules are sent back unless changed here.
      drawdownBasis: isDrawdownBasis(group.drawdownBasis) ? group.drawdownBasis : 'peak',
      dailyLossLimit: group.dailyLossLimit ?? 0,
      dailyResetHour: group.dailyResetHour ?? 0,
      timeZone: group.timeZone ?? DEFAULT_TIME_ZONE,
      startingBalance: group.startingBalance ?? 100_000,
      currency: isAccountCurrency(group.currency) ? group.currency : 'INR',
      registrationOpen: group.registrationOpen ?? true,
      instruments: group.instruments ?? [],
      marketMode: group.marketMode ?? 'live',
      replayFrom: toUtcDateTimeLocal(group.replayFrom),
      replaySpeed: group.replaySpeed ?? 1,
      ranking: group.ranking ?? 'return',
    };
  }
  // A new competition: tomorrow 09:00 to a week later 17:00.
  const start = new Date();
  start.setDate(start.getDate() + 1);
  start.setHours(9, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 7);
  end.setHours(17, 0, 0, 0);
  return {
    name: '',
    description: '',
    ruleSet: DEFAULT_RULE_SET,
    start: toDateTimeLocal(start.toISOString()),
    end: toDateTimeLocal(end.toISOString()),
    freezeThreshold: 5,
    freezeMinutes: 60,
    drawdownBasis: 'peak',
    dailyLossLimit: 0,
    dailyResetHour: 0,
    timeZone: DEFAULT_TIME_ZONE,
    startingBalance: 100_000,
    currency: 'INR',
    registrationOpen: true,
    instruments: [],
    marketMode: 'live',
    replayFrom: '',
    replaySpeed: 1,
    ranking: 'return',
  };
}

/** The freeze rule's fields (the Practice rule set): a challenge rule set brings its own limits. */
const FREEZE_FIELDS: readonly DraftKey[] = [
  'freezeThreshold',
  'freezeMinutes',
  'drawdownBasis',
  'dailyLossLimit',
];
/** The day's start and zone: a challenge rule set with its own day (FTMO's Prague midnight) sets them aside too. */
const DAY_FIELDS: readonly DraftKey[] = ['dailyResetHour', 'timeZone'];

/**
 * The fields a rule set sets aside: none for Practice; the freeze rule's for a challenge, and the
 * day's too when it names its own day (a rule set with `day: null` counts days in the group's).
 */
export function fieldsSetAside(ruleSet: string, ownDay: boolean): readonly DraftKey[] {
  if (isPracticeRuleSet(ruleSet)) return [];
  return ownDay ? [...FREEZE_FIELDS, ...DAY_FIELDS] : FREEZE_FIELDS;
}

/**
 * Fields set aside are hidden and do not apply: they are sent as they are when valid (the edit
 * replaces every field), and as off (or the default zone) when left empty or wrong.
 */
function withFieldsSettled(draft: Draft, aside: readonly DraftKey[]): Draft {
  const settled = { ...draft };
  if (aside.includes('freezeThreshold')) settled.freezeThreshold ??= 0;
  if (aside.includes('freezeMinutes')) settled.freezeMinutes ??= 0;
  if (aside.includes('dailyLossLimit')) settled.dailyLossLimit ??= 0;
  if (aside.includes('timeZone') && !isTimeZone(draft.timeZone)) settled.timeZone = DEFAULT_TIME_ZONE;
  return settled;
}

/** Checks the draft with the API's own schema; the messages land on the fields the admin sees. */
export function validateDraft(
  entered: Draft,
  aside: readonly DraftKey[] = fieldsSetAside(entered.ruleSet, true),
): { data: GroupFields } | { errors: Errors } {
  const draft = withFieldsSettled(entered, aside);
  const errors: Errors = {};
  if (!draft.start) errors.start = 'Choose when the competition starts.';
  if (!draft.end) errors.end = 'Choose when the competition ends.';
  if (draft.freezeThreshold === null) errors.freezeThreshold = 'Enter the drawdown that freezes an account.';
  if (draft.freezeMinutes === null) errors.freezeMinutes = 'Enter how long a freeze lasts.';
  if (draft.dailyLossLimit === null) errors.dailyLossLimit = 'Enter the daily loss limit (0 turns it off).';
  if (draft.startingBalance === null) errors.startingBalance = 'Enter the starting balance.';
  const startDate = fromDateTimeLocal(draft.start);
  const endDate = fromDateTimeLocal(draft.end);
  // The schema's own end-after-start rule runs only once every other field passes; say it at once.
  if (startDate && endDate && Date.parse(endDate) <= Date.parse(startDate)) {
    errors.end = 'The end must be after the start.';
  }
  if (draft.marketMode === 'replay' && !draft.replayFrom)
    errors.replayFrom = 'Choose the first replayed minute.';

  const parsed = groupFieldsSchema.safeParse({
    name: draft.name,
    description: draft.description,
    ruleSet: draft.ruleSet,
    startDate,
    endDate,
    freezeThreshold: draft.freezeThreshold ?? Number.NaN,
    freezeDuration: draft.freezeMinutes === null ? Number.NaN : Math.round(draft.freezeMinutes * MINUTE_MS),
    drawdownBasis: draft.drawdownBasis,
    dailyLossLimit: draft.dailyLossLimit ?? Number.NaN,
    dailyResetHour: draft.dailyResetHour,
    timeZone: draft.timeZone,
    startingBalance: draft.startingBalance ?? Number.NaN,
    currency: draft.currency,
    registrationOpen: draft.registrationOpen,
    instruments: draft.instruments,
    // A live group sends its replay settings back as they were (the edit replaces every field).
    marketMode: draft.marketMode,
    replayFrom: draft.replayFrom ? fromUtcDateTimeLocal(draft.replayFrom) : null,
    replaySpeed: draft.replaySpeed,
    ranking: draft.ranking,
  });
  if (parsed.success && Object.keys(errors).length === 0) return { data: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = draftKeyOf[String(issue.path[0])] ?? '';
    // A hidden field's message is said above the form, where it can be read.
    const shown = !aside.includes(key as DraftKey);
    errors[shown ? key : ''] ??= issue.message;
  }
  return { errors };
}

function errorsFromApi(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { '': 'The group could not be saved. Please try again.' };
  const errors: Errors = {};
  for (const detail of error.details) {
    const key = draftKeyOf[detail.path.split(/[./]/).filter(Boolean)[0] ?? ''];
    if (key) errors[key] ??= detail.message;
  }
  // The sentence is said once: under its field when it is that field's, above the form otherwise.
  if (!Object.values(errors).includes(error.message)) errors[''] = error.message;
  return errors;
}

/**
 * Create or edit a competition (docs/architecture.md §Competitions, §Admin). Dates are native date-time pickers in the admin's
 * time zone (a replay's first minute in UTC, as its bars are), the freeze duration is entered in
 * minutes and sent in milliseconds, and everything is checked with groupFieldsSchema, the schema the
 * API applies; the API's refusals (a replayed minute without bars) land under their fields.
 */
export function GroupFormModal({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const creating = group === null;
  // Issue #44: a challenge rule set replaces the freeze fields with its own limits, and the day's
  // start and zone when it names its own day (until the list is in, it is taken to).
  const ruleSets = useRuleSets();
  const ownDayOf = (ref: string) => ruleSets.data?.find((ruleSet) => ruleSet.ref === ref)?.day !== null;
  const [descriptionView, setDescriptionView] = useState<'Write' | 'Preview'>('Write');
  const instruments = useInstruments();
  const createGroup = useCreateGroup();
  const updateGroup = useUpdateGroup();
  const { draft, change, errors, fieldId, item, modalProps, formProps } = useAdminFormModal({
    initialDraft: () => initialDraft(group),
    validate: (fields) => validateDraft(fields, fieldsSetAside(fields.ruleSet, ownDayOf(fields.ruleSet))),
    submit: async (fields) => {
      if (creating) {
        await createGroup.mutateAsync(fields);
        toast.success(`Group “${fields.name}” created.`);
      } else {
        await updateGroup.mutateAsync({ groupId: group._id, fields });
        toast.success(`Group “${fields.name}” saved.`);
      }
    },
    onClose,
    errorsFromError: errorsFromApi,
    // The form-wide sentence spoke of the values as they were: any change clears it too.
    clearFormErrorOnChange: true,
  });

  const practiceRules = isPracticeRuleSet(draft.ruleSet);
  const ownDay = ownDayOf(draft.ruleSet);
  const chosenName = ruleSets.data?.find((ruleSet) => ruleSet.ref === draft.ruleSet)?.name ?? draft.ruleSet;
  const dayStartsItem = (
    <Form.Item label="Day starts at" extra="In the time zone below." {...item('dailyResetHour')}>
      <Select
        id={fieldId('dailyResetHour')}
        value={draft.dailyResetHour}
        onChange={(hour: number) => change('dailyResetHour', hour)}
        options={HOURS.map((hour) => ({ value: hour, label: resetHourText(hour) }))}
      />
    </Form.Item>
  );
  const timeZoneItem = (
    <Form.Item
      label="Time zone"
      extra="An IANA zone, such as Asia/Kolkata or America/New_York."
      {...item('timeZone')}
    >
      <AutoComplete
        id={fieldId('timeZone')}
        value={draft.timeZone}
        onChange={(zone: string) => change('timeZone', zone)}
        // Six suggestions: all of them stay offered whatever is typed.
        options={COMMON_TIME_ZONES.map((zone) => ({ value: zone }))}
      />
    </Form.Item>
  );
  return (
    <Modal
      {...modalProps}
      title={creating ? 'New group' : `Edit “${group.name}”`}
      okText={creating ? 'Create group' : 'Save group'}
      width={640}
    >
      <Form
        {...formProps}
        className="cw-group-form"
        // The schema checks everything and says so under each field; the browser's own bubbles would not.
        noValidate
      >
        {errors[''] ? (
          <Alert type="error" showIcon title={errors['']} className="cw-group-form__alert" />
        ) : null}
        <Form.Item label="Name" {...item('name')}>
          <Input
            id={fieldId('name')}
            value={draft.name}
            maxLength={120}
            onChange={(event) => change('name', event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Description"
          extra="Markdown: **bold**, *italic*, lists, # headings and [links](https://…)."
          {...item('description')}
        >
          <Segmented
            size="small"
            options={['Write', 'Preview']}
            value={descriptionView}
            onChange={(value) => setDescriptionView(value as 'Write' | 'Preview')}
            className="cw-group-form__view"
            aria-label="Description view"
          />
          {descriptionView === 'Write' ? (
            <Input.TextArea
              id={fieldId('description')}
              rows={5}
              value={draft.description}
              onChange={(event) => change('description', event.target.value)}
            />
          ) : (
            <div className="cw-group-form__preview">
              {draft.description.trim() ? (
                <MarkdownText source={draft.description} />
              ) : (
                <p className="cw-group-form__muted">Nothing to preview yet.</p>
              )}
            </div>
          )}
        </Form.Item>
        {/* The rule set (issue #44): a challenge's limits replace the freeze fields below. */}
        <RuleSetField
          id={fieldId('ruleSet')}
          value={draft.ruleSet}
          onChange={(ref) => change('ruleSet', ref)}
          item={item('ruleSet')}
        />
        <div className="cw-group-form__row">
          <Form.Item label="Starts" {...item('start')}>
            <Input
              id={fieldId('start')}
              type="datetime-local"
              value={draft.start}
              onChange={(event) => change('start', event.target.value)}
            />
          </Form.Item>
          <Form.Item label="Ends" {...item('end')}>
            <Input
              id={fieldId('end')}
              type="datetime-local"
              value={draft.end}
              min={draft.start || undefined}
              onChange={(event) => change('end', event.target.value)}
            />
          </Form.Item>
        </div>
        {practiceRules ? (
          <>
            <div className="cw-group-form__row">
              <Form.Item
                label="Freeze threshold"
                extra="Drawdown that freezes an account, measured as chosen below."
                {...item('freezeThreshold')}
              >
                <InputNumber
                  id={fieldId('freezeThreshold')}
                  min={0}
                  max={100}
                  step={1}
                  suffix="%"
                  value={draft.freezeThreshold}
                  onChange={(value) => change('freezeThreshold', value)}
                  className="cw-group-form__number"
                />
              </Form.Item>
              <Form.Item
                label="Freeze duration"
                extra="How long a frozen account waits."
                {...item('freezeMinutes')}
              >
                <InputNumber
                  id={fieldId('freezeMinutes')}
                  min={0}
                  step={5}
                  suffix="min"
                  value={draft.freezeMinutes}
                  onChange={(value) => change('freezeMinutes', value)}
                  className="cw-group-form__number"
                />
              </Form.Item>
            </div>
            <Form.Item
              label="Drawdown measured"
              extra={`Members read: drawdown ${DRAWDOWN_BASIS_TEXT[draft.drawdownBasis]}.`}
              {...item('drawdownBasis')}
            >
              <Select
                id={fieldId('drawdownBasis')}
                value={draft.drawdownBasis}
                onChange={(basis: DrawdownBasis) => change('drawdownBasis', basis)}
                options={DRAWDOWN_BASES.map((basis) => ({ value: basis, label: BASIS_LABELS[basis] }))}
                optionRender={(option) => (
                  <div className="cw-group-form__option">
                    <span>{option.label}</span>
                    <span className="cw-group-form__muted">
                      {DRAWDOWN_BASIS_TEXT[option.value as DrawdownBasis]}
                    </span>
                  </div>
                )}
              />
            </Form.Item>
            <div className="cw-group-form__row">
              <Form.Item
                label="Daily loss limit (%)"
                extra="Loss within one day, from the day's opening equity, that freezes an account. 0 is off."
                {...item('dailyLossLimit')}
              >
                <InputNumber
                  id={fieldId('dailyLossLimit')}
                  min={0}
                  max={100}
                  step={1}
                  suffix="%"
                  value={draft.dailyLossLimit}
                  onChange={(value) => change('dailyLossLimit', value)}
                  className="cw-group-form__number"
                />
              </Form.Item>
              {dayStartsItem}
            </div>
            {timeZoneItem}
          </>
        ) : ownDay ? (
          <p className="cw-group-form__practice-off">
            {`The freeze threshold and duration, the drawdown basis, the daily loss limit and the day's start and time zone are the Practice rule set's; ${chosenName} brings its own limits and day, so they do not apply.`}
          </p>
        ) : (
          <>
            <p className="cw-group-form__practice-off">
              {`The freeze threshold and duration, the drawdown basis and the daily loss limit are the Practice rule set's; ${chosenName} brings its own limits, so they do not apply. Its days start at the hour and in the zone below.`}
            </p>
            <div className="cw-group-form__row">
              {dayStartsItem}
              {timeZoneItem}
            </div>
          </>
        )}
        <div className="cw-group-form__row">
          <Form.Item label="Starting balance" {...item('startingBalance')}>
            <InputNumber
              id={fieldId('startingBalance')}
              min={1}
              step={10_000}
              prefix={currencySymbol(draft.currency)}
              value={draft.startingBalance}
              onChange={(value) => change('startingBalance', value)}
              className="cw-group-form__number"
            />
          </Form.Item>
          <Form.Item
            label="Account currency"
            extra="Balances, P&L and standings; other quotes convert at the live rate."
            {...item('currency')}
          >
            <Select
              id={fieldId('currency')}
              value={draft.currency}
              onChange={(currency: AccountCurrency) => change('currency', currency)}
              options={ACCOUNT_CURRENCIES.map((currency) => ({
                value: currency,
                label: currencyLabel(currency),
              }))}
            />
          </Form.Item>
        </div>
        <div className="cw-group-form__row">
          <Form.Item label="Registration open" {...item('registrationOpen')}>
            <Switch
              id={fieldId('registrationOpen')}
              checked={draft.registrationOpen}
              onChange={(checked) => change('registrationOpen', checked)}
            />
          </Form.Item>
        </div>
        <Form.Item label="Market" {...item('marketMode')}>
          <Radio.Group
            id={fieldId('marketMode')}
            aria-label="Market"
            value={draft.marketMode}
            onChange={(event) => change('marketMode', event.target.value as MarketMode)}
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'live', label: 'Live' },
              { value: 'replay', label: 'Replay of a real day' },
            ]}
          />
        </Form.Item>
        {draft.marketMode === 'replay' ? (
          <div className="cw-group-form__row">
            <Form.Item
              label="First replayed minute"
              extra="Times are UTC. The replay starts here when the competition starts."
              {...item('replayFrom')}
            >
              <Input
                id={fieldId('replayFrom')}
                type="datetime-local"
                value={draft.replayFrom}
                onChange={(event) => change('replayFrom', event.target.value)}
              />
            </Form.Item>
            <Form.Item
              label="Speed"
              extra="At 60× one real second plays one replayed minute; a 6½-hour session takes 6½ minutes."
              {...item('replaySpeed')}
            >
              <Select
                id={fieldId('replaySpeed')}
                value={draft.replaySpeed}
                onChange={(speed: number) => change('replaySpeed', speed)}
                options={[...new Set([...REPLAY_SPEED_CHOICES, draft.replaySpeed])]
                  .sort((a, b) => a - b)
                  .map((speed) => ({ value: speed, label: `${speed}×` }))}
              />
            </Form.Item>
          </div>
        ) : null}
        {draft.marketMode === 'replay' ? <ReplayDaysNote /> : null}
        <Form.Item
          label="Instruments"
          extra={
            draft.marketMode === 'replay'
              ? 'A replay trades only the instruments listed; each needs its bars under Admin → Markets.'
              : 'Leave empty to allow every instrument.'
          }
          {...item('instruments')}
        >
          <Select
            id={fieldId('instruments')}
            mode="multiple"
            allowClear
            placeholder={
              draft.marketMode === 'replay' ? 'Choose the replayed instruments' : 'Every instrument'
            }
            loading={instruments.isPending}
            value={draft.instruments}
            onChange={(symbols: string[]) => change('instruments', symbols)}
            optionFilterProp="label"
            options={(instruments.data ?? []).map((instrument) => ({
              value: instrument.symbol,
              label: `${instrument.symbol} · ${instrument.name}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          label="Ranking"
          extra="What the leaderboard ranks by. Calmar divides the return by the largest fall from the equity high (at least 1 %), so steady trading outranks a lucky gamble."
          {...item('ranking')}
        >
          <Select
            id={fieldId('ranking')}
            value={draft.ranking}
            onChange={(ranking: Ranking) => change('ranking', ranking)}
            options={RANKINGS.map((ranking) => ({ value: ranking, label: RANKING_LABELS[ranking] }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
