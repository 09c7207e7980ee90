import { ApiOutlined } from '@ant-design/icons';
import { MARKET_SESSIONS, type MarketSession } from '@candlewise/shared/trading/market-hours';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import type { MarketInstrument } from '../api/get-market-instruments';
import { useTestProviderConnection } from '../api/test-provider-connection';
import { type InstrumentSource, useUpdateMarketInstrument } from '../api/update-market-instrument';
import { formatQuotePrice } from '../lib/format-quote';
import {
  MARKET_PROVIDERS,
  type MarketProvider,
  PROVIDER_LABELS,
  PROVIDER_SYMBOL_EXAMPLES,
  SESSION_LABELS,
} from '../lib/market-sources';

type Draft = { provider: MarketProvider; providerSymbol: string; session: MarketSession };
type Errors = Partial<Record<keyof Draft | 'form', string>>;

const isProvider = (value: string): value is MarketProvider =>
  (MARKET_PROVIDERS as readonly string[]).includes(value);
const isSession = (value: string): value is MarketSession =>
  (MARKET_SESSIONS as readonly string[]).includes(value);

/** The body of the PUT: a simulated instrument has no provider symbol. */
function toSource(draft: Draft): InstrumentSource {
  const providerSymbol = draft.providerSymbol.trim();
  return {
    provider: draft.provider,
    providerSymbol: draft.provider === 'simulated' ? null : providerSymbol || null,
    session: draft.session,
  };
}

function errorsFromApi(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { form: 'The instrument could not be saved. Please try again.' };
  const errors: Errors = { form: error.message };
  for (const detail of error.details) {
    const key = detail.path.split(/[./]/).find(Boolean);
    if (key === 'provider' || key === 'providerSymbol' || key === 'session') errors[key] ??= detail.message;
  }
  return errors;
}

/**
 * Admin → Markets → Edit: where one instrument's quotes come from (the simulated market or a live
 * provider, named as the provider names it) and its market hours. "Test connection" asks the
 * provider for one quote with the symbol as typed, before anything is saved. The API checks the
 * fields; its sentences land under them.
 */
export function InstrumentSourceModal({
  instrument,
  onClose,
}: {
  instrument: MarketInstrument;
  onClose: () => void;
}) {
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(() => ({
    provider: isProvider(instrument.provider) ? instrument.provider : 'simulated',
    providerSymbol: instrument.providerSymbol ?? '',
    session: isSession(instrument.session) ? instrument.session : 'always',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateMarketInstrument();
  const probe = useTestProviderConnection();
  const live = draft.provider !== 'simulated';

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [key]: _cleared, form: _form, ...rest }) => rest);
    // A result belongs to the provider and symbol it was asked with.
    if (key !== 'session') probe.reset();
  };

  async function save() {
    try {
      await update.mutateAsync({ symbol: instrument.symbol, source: toSource(draft) });
      onClose();
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  function testConnection() {
    if (draft.provider === 'simulated') return;
    probe.mutate({ provider: draft.provider, providerSymbol: draft.providerSymbol.trim() });
  }

  const item = (key: keyof Draft) => ({
    htmlFor: `${formId}-${key}`,
    validateStatus: errors[key] ? ('error' as const) : undefined,
    help: errors[key],
  });

  return (
    <Modal
      open
      title={`Edit ${instrument.symbol}`}
      okText="Save instrument"
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="cw-admin-markets__muted">{instrument.name}</p>
      <Form id={formId} layout="vertical" onFinish={() => void save()} requiredMark={false} noValidate>
        {errors.form ? (
          <Alert type="error" showIcon title={errors.form} className="cw-admin-markets__alert" />
        ) : null}
        <Form.Item
          label="Provider"
          extra="Where the prices come from. A live provider needs its keys on the server."
          {...item('provider')}
        >
          <Select
            id={`${formId}-provider`}
            value={draft.provider}
            onChange={(provider: MarketProvider) => change('provider', provider)}
            options={MARKET_PROVIDERS.map((provider) => ({
              value: provider,
              label: PROVIDER_LABELS[provider],
            }))}
          />
        </Form.Item>
        {draft.provider !== 'simulated' ? (
          <Form.Item
            label="Provider symbol"
            extra={`The instrument as ${PROVIDER_LABELS[draft.provider]} names it, for example ${PROVIDER_SYMBOL_EXAMPLES[draft.provider]}.`}
            {...item('providerSymbol')}
          >
            <Input
              id={`${formId}-providerSymbol`}
              value={draft.providerSymbol}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              placeholder={PROVIDER_SYMBOL_EXAMPLES[draft.provider]}
              onChange={(event) => change('providerSymbol', event.target.value)}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label="Market hours"
          extra="Outside them market orders are refused; limit and stop orders wait."
          {...item('session')}
        >
          <Select
            id={`${formId}-session`}
            value={draft.session}
            onChange={(session: MarketSession) => change('session', session)}
            options={MARKET_SESSIONS.map((session) => ({ value: session, label: SESSION_LABELS[session] }))}
          />
        </Form.Item>
        {live ? (
          <div className="cw-admin-markets__probe">
            <Button
              icon={<ApiOutlined aria-hidden="true" />}
              onClick={testConnection}
              loading={probe.isPending}
              disabled={!draft.providerSymbol.trim()}
            >
              Test connection
            </Button>
            <div aria-live="polite">
              {probe.isSuccess ? (
                <Alert
                  type="success"
                  showIcon
                  title={`Bid ${formatQuotePrice(probe.data.data.bid)} · Ask ${formatQuotePrice(probe.data.data.ask)}`}
                  description={`${PROVIDER_LABELS[draft.provider]} answered for ${draft.providerSymbol.trim()} (quote of ${new Date(probe.data.data.time).toLocaleTimeString()}).`}
                />
              ) : probe.isError ? (
                <Alert type="error" showIcon title={probe.error.message} />
              ) : null}
            </div>
          </div>
        ) : null}
      </Form>
    </Modal>
  );
}
