import type { BrokerDescription, BrokerId } from '@candlewise/shared/broker/broker-schemas';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client';
import { useConnectBroker } from '../api/connect-broker';

type Props = {
  brokers: BrokerDescription[];
  /** The broker to preselect (e.g. the one that asks to be reconnected). */
  initialBroker?: BrokerId;
};

/** Choose a broker; the form is built from the fields the server describes, each with its help. */
export function BrokerConnectForm({ brokers, initialBroker }: Props) {
  const [brokerId, setBrokerId] = useState<BrokerId>(initialBroker ?? brokers[0]?.id ?? 'paper');
  const [form] = Form.useForm<Record<string, string>>();
  const connect = useConnectBroker();
  const broker = brokers.find((candidate) => candidate.id === brokerId) ?? brokers[0];

  useEffect(() => {
    if (initialBroker) setBrokerId(initialBroker);
  }, [initialBroker]);

  const choose = (id: BrokerId) => {
    setBrokerId(id);
    form.resetFields();
    connect.reset();
  };

  const submit = (values: Record<string, string>) => {
    const fields = Object.fromEntries(
      Object.entries(values).filter(([, value]) => typeof value === 'string'),
    );
    connect.mutate(
      { broker: broker.id, fields },
      {
        onSuccess: (connection) => {
          toast.success(`${connection.brokerName} is connected.`);
          form.resetFields();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details.length) {
            form.setFields(
              error.details
                .filter((detail) => detail.path.startsWith('fields.'))
                .map((detail) => ({ name: detail.path.slice(7), errors: [detail.message] })),
            );
          }
        },
      },
    );
  };

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
        options={brokers.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
      />
      <p className="cw-broker-connect__description">{broker.description}</p>
      <Form
        key={broker.id}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={Object.fromEntries(
          broker.fields
            .filter((field) => field.type === 'choice' && field.options?.length)
            .map((field) => [field.name, field.options?.[0]?.value]),
        )}
        autoComplete="off"
      >
        {broker.fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            extra={field.help}
            rules={
              field.required
                ? [{ required: true, whitespace: true, message: `Enter your ${field.label.toLowerCase()}.` }]
                : []
            }
          >
            {field.type === 'choice' ? (
              <Radio.Group options={field.options} aria-label={field.label} />
            ) : field.type === 'secret' ? (
              <Input.Password
                placeholder={field.placeholder}
                autoComplete="new-password"
                spellCheck={false}
              />
            ) : (
              <Input placeholder={field.placeholder} autoComplete="off" spellCheck={false} />
            )}
          </Form.Item>
        ))}
        {connect.isError ? (
          <Alert
            className="cw-broker-connect__error"
            type="error"
            showIcon
            title={`Could not connect ${broker.name}`}
            description={connect.error.message}
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={connect.isPending}>
          Connect {broker.name}
        </Button>
      </Form>
    </section>
  );
}
