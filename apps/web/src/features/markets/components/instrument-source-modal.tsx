import { ApiOutlined } from '@ant-design/icons';
import { MARKET_SESSIONS, type MarketSession } from '@candlewise/shared/trading/market-hours';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useAdminFormModal } from '@/components/admin-form-modal/use-admin-form-modal';
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
/** Messages per field; the form-wide one under ''. */
type Errors = Partial<Record<keyof Draft | '', string>>;

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
  if (!(error instanceof ApiError)) return { '': 'The instrument could not be saved. Please try again.' };
  const errors: Errors = { '': error.message };
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
  const update = useUpdateMarketInstrument();
  const probe = useTestProviderConnection();
  const form = useAdminFormModal({
    initialDraft: (): Draft => ({
      provider: isProvider(instrument.provider) ? instrument.provider : 'simulated',
      providerSymbol: instrument.providerSymbol ?? '',
      session: isSession(instrument.session) ? instrument.session : 'always',
    }),
    // Nothing is checked here: the API does, and errorsFromApi puts its sentences under the fields.
    validate: (draft) => ({ data: toSource(draft) }),
    submit: (source) => update.mutateAsync({ symbol: instrument.symbol, source }),
    onClose,
    errorsFromError: errorsFromApi,
    clearFormErrorOnChange: true,
  });
  const { draft, errors, fieldId, item, modalProps, formProps } = form;
  const live = draft.provider !== 'simulated';

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    form.change(key, value);
    // A result belongs to the provider and symbol it was asked with.
    if (key !== 'session') probe.reset();
  };

  function testConnection() {
    if (draft.provider === 'simulated') return;
    probe.mutate({ provider: draft.provider, providerSymbol: draft.providerSymbol.trim() });
  }

  return (
    <Modal {...modalProps} title={`Edit ${instrument.symbol}`} okText="Save instrument">
      <p className="cw-admin-markets__muted">{instrument.name}</p>
      <Form {...formProps} noValidate>
        {errors[''] ? (
          <Alert type="error" showIcon title={errors['']} className="cw-admin-markets__alert" />
        ) : null}
        <Form.Item
          label="Provider"
          extra="Where the prices come from. A live provider needs its keys on the server."
          {...item('provider')}
        >
          <Select
            id={fieldId('provider')}
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
              id={fieldId('providerSymbol')}
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
            id={fieldId('session')}
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
