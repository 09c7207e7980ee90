import type { BrokerDescription, BrokerField, BrokerId } from '@candlewise/shared/broker/broker-schemas';
import { Alert, Button, Form, type FormInstance, Input, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client';
import { useClearFieldErrorsOnChange } from '@/lib/use-clear-field-errors-on-change';
import { useStartBrokerSignIn } from '../api/broker-sign-in';
import { useConnectBroker } from '../api/connect-broker';
import { leaveFor } from '../lib/leave-for';

/** Where the broker sends the learner back after signing in: this page. */
export const signInReturnUrl = () => `${window.location.origin}/connectbroker`;

/** "API key ID" stays as written, "Secret key" reads "secret key": acronyms keep their capitals. */
export function inSentence(label: string): string {
  const [first = ''] = label.split(' ');
  return first.length > 1 && first === first.toUpperCase()
    ? label
    : label.charAt(0).toLowerCase() + label.slice(1);
}

/** One input per described field, labelled, with its help underneath. */
function FieldItems({ fields }: { fields: BrokerField[] }) {
  return (
    <>
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          extra={field.help}
          rules={
            field.required
              ? [{ required: true, whitespace: true, message: `Enter your ${inSentence(field.label)}.` }]
              : []
          }
        >
          {field.type === 'choice' ? (
            <Radio.Group options={field.options} aria-label={field.label} />
          ) : field.type === 'secret' ? (
            <Input.Password placeholder={field.placeholder} autoComplete="new-password" spellCheck={false} />
          ) : (
            <Input placeholder={field.placeholder} autoComplete="off" spellCheck={false} />
          )}
        </Form.Item>
      ))}
    </>
  );
}

/** The API's field errors ("fields.apiKey") onto the form's inputs. */
function showFieldErrors(form: FormInstance<Record<string, string>>, error: Error) {
  if (error instanceof ApiError && error.details.length) {
    form.setFields(
      error.details
        .filter((detail) => detail.path.startsWith('fields.'))
        .map((detail) => ({ name: detail.path.slice(7), errors: [detail.message] })),
    );
  }
}

const onlyText = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => typeof value === 'string')) as Record<
    string,
    string
  >;

type Props = {
  brokers: BrokerDescription[];
  /** Brokers already connected: the paper broker has nothing to enter, so it is not offered again. */
  connected?: BrokerId[];
  /** The broker to preselect (e.g. the one that asks to be reconnected). */
  initialBroker?: BrokerId;
};

/**
 * Choose a broker; the form is built from the fields the server describes, each with its help. A
 * broker that offers signing in on its own page (Dhan's API key & secret) gets a second way: the
 * learner enters the key, signs in on the broker's page and comes back here.
 */
export function BrokerConnectForm({ brokers, connected = [], initialBroker }: Props) {
  const offered = (id: BrokerId) => id !== 'paper' || !connected.includes('paper');
  const [brokerId, setBrokerId] = useState<BrokerId>(
    initialBroker ?? brokers.find((candidate) => offered(candidate.id))?.id ?? brokers[0]?.id ?? 'paper',
  );
  const [method, setMethod] = useState<'form' | 'signIn'>('form');
  const [form] = Form.useForm<Record<string, string>>();
  // The server's refusal of a field goes once that field is changed (an optional one has no rule to re-check it).
  const clearChangedFieldErrors = useClearFieldErrorsOnChange(form);
  const connect = useConnectBroker();
  const signIn = useStartBrokerSignIn();
  const broker = brokers.find((candidate) => candidate.id === brokerId) ?? brokers[0];
  const signingIn = method === 'signIn' && Boolean(broker?.signIn);

  // Once the paper broker is connected (here or in another tab), move the choice to one still offered.
  const paperTaken = connected.includes('paper');
  useEffect(() => {
    if (paperTaken && brokerId === 'paper') {
      const next = brokers.find((candidate) => candidate.id !== 'paper');
      if (next) setBrokerId(next.id);
    }
  }, [paperTaken, brokerId, brokers]);

  useEffect(() => {
    if (initialBroker) setBrokerId(initialBroker);
  }, [initialBroker]);

  const choose = (id: BrokerId) => {
    setBrokerId(id);
    setMethod('form');
    form.resetFields();
    connect.reset();
    signIn.reset();
  };

  const chooseMethod = (next: 'form' | 'signIn') => {
    setMethod(next);
    form.resetFields();
    connect.reset();
    signIn.reset();
  };

  const submit = (values: Record<string, string>) => {
    const fields = onlyText(values);
    if (signingIn) {
      signIn.mutate(
        { broker: broker.id, fields },
        {
          onSuccess: ({ signInUrl }) => leaveFor(signInUrl),
          onError: (error) => showFieldErrors(form, error),
        },
      );
      return;
    }
    connect.mutate(
      { broker: broker.id, fields },
      {
        onSuccess: (connection) => {
          toast.success(`${connection.brokerName} is connected.`);
          form.resetFields();
        },
        onError: (error) => showFieldErrors(form, error),
      },
    );
  };

  const fields = signingIn && broker?.signIn ? broker.signIn.fields : (broker?.fields ?? []);
  const formLabel = broker?.fields.find((field) => field.type === 'secret')?.label ?? 'Credentials';
  const failure = signingIn ? signIn : connect;

  if (!broker) return null;
  return (
    <section className="cw-broker-connect" aria-labelledby="cw-broker-connect-title">
      <h2 id="cw-broker-connect-title" className="cw-broker-section-title">
        Connect a broker
      </h2>
      <Radio.Group
        className="cw-broker-connect__choice"
        optionType="button"
        buttonStyle="solid"
        value={broker.id}
        onChange={(event) => choose(event.target.value as BrokerId)}
        aria-label="Broker"
        options={brokers.map((candidate) => ({
          value: candidate.id,
          label: offered(candidate.id) ? candidate.name : `${candidate.name} (connected)`,
          disabled: !offered(candidate.id),
        }))}
      />
      <p className="cw-broker-connect__description">{broker.description}</p>
      {broker.signIn ? (
        <Radio.Group
          className="cw-broker-connect__method"
          optionType="button"
          value={method}
          onChange={(event) => chooseMethod(event.target.value as 'form' | 'signIn')}
          aria-label={`How to connect ${broker.name}`}
          options={[
            { value: 'form', label: formLabel },
            { value: 'signIn', label: broker.signIn.label },
          ]}
        />
      ) : null}
      {signingIn && broker.signIn ? (
        <>
          <p className="cw-broker-connect__description">{broker.signIn.description}</p>
          <p className="cw-broker-connect__redirect">
            Redirect URL for your {broker.name} API key:{' '}
            <Typography.Text code copyable={{ text: signInReturnUrl() }}>
              {signInReturnUrl()}
            </Typography.Text>
          </p>
        </>
      ) : null}
      <Form
        key={`${broker.id}:${signingIn ? 'signIn' : 'form'}`}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={clearChangedFieldErrors}
        initialValues={Object.fromEntries(
          fields
            .filter((field) => field.type === 'choice' && field.options?.length)
            .map((field) => [field.name, field.options?.[0]?.value]),
        )}
        autoComplete="off"
      >
        <FieldItems fields={fields} />
        {failure.isError ? (
          <Alert
            className="cw-broker-connect__error"
            type="error"
            showIcon
            title={
              signingIn ? `Could not start the ${broker.name} sign-in` : `Could not connect ${broker.name}`
            }
            description={failure.error?.message}
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={connect.isPending || signIn.isPending}>
          {signingIn ? `Sign in on ${broker.name}` : `Connect ${broker.name}`}
        </Button>
      </Form>
    </section>
  );
}
