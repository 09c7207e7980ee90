import { zoneClock, zonedTimeToInstant } from '@candlewise/shared';
import { Checkbox, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { ApiError } from '@/lib/api-client';
import { useClearFieldErrorsOnChange } from '@/lib/use-clear-field-errors-on-change';
import { type TradeFormValues, useCreateTrade, useUpdateTrade } from '../api/journal-trades';
import type { JournalTrade } from '../api/journal-types';
import { usePlaybooks, useTradeChecks } from '../api/playbooks';
import { useJournalTimeZone } from '../lib/journal-time';

type FormShape = Omit<TradeFormValues, 'entryTime' | 'exitTime' | 'playbookId' | 'followedRuleIds'> & {
  entryTime: string;
  exitTime?: string;
  playbookId?: string | null;
  followedRuleIds?: string[];
};

/** 'YYYY-MM-DDTHH:mm' in the learner's zone, what <input type="datetime-local"> reads and writes. */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return new Date(ms + zoneClock(timeZone).offsetMinutes(ms) * 60_000).toISOString().slice(0, 16);
}

/** The instant of a datetime-local value read in the learner's zone (daylight saving included). */
export function fromLocalInput(value: string | undefined, timeZone: string): string | null {
  const parts = value?.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number);
  return new Date(zonedTimeToInstant({ year, month, day, hour, minute, second: 0 }, timeZone)).toISOString();
}

/**
 * Add or edit a trade. Trades from fills (competition, broker, broker files) are rebuilt from their
 * executions: only the annotations change.
 */
export function TradeFormModal({
  open,
  trade,
  defaultDate,
  onClose,
}: {
  open: boolean;
  trade: JournalTrade | null;
  defaultDate?: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormShape>();
  // The server's refusal of a field goes once that field is changed (most have no rule to re-check them).
  const clearChangedFieldErrors = useClearFieldErrorsOnChange(form);
  const timeZone = useJournalTimeZone();
  const create = useCreateTrade();
  const update = useUpdateTrade();
  const verified = Boolean(trade?.verified || trade?.fromFills);
  // The playbook it followed and the rules it kept (issue #41): the list leaves the ticks out, so an
  // edit reads them; they are sent only once touched, so a save never clears ticks it did not show.
  const playbooks = usePlaybooks();
  const checks = useTradeChecks(trade, open);
  const playbookId = Form.useWatch('playbookId', form);
  const rulesOfPlaybook = (playbooks.data ?? []).find((each) => each._id === playbookId)?.rules ?? [];
  // Esc, × or Cancel on a half-typed trade asks before throwing the typing away.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const cancel = () => {
    if (form.isFieldsTouched()) setConfirmingDiscard(true);
    else onClose();
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (trade) {
      form.setFieldsValue({
        ...trade,
        entryTime: toLocalInput(trade.entryTime, timeZone),
        exitTime: toLocalInput(trade.exitTime, timeZone),
        playbookId: trade.playbookId ?? null,
        followedRuleIds: trade.followedRuleIds ?? [],
      } as unknown as FormShape);
    } else {
      const day = defaultDate ?? new Date().toISOString().slice(0, 10);
      form.setFieldsValue({
        side: 'long',
        fees: 0,
        currency: 'INR',
        multiplier: 1,
        entryTime: `${day}T09:30`,
        exitTime: `${day}T10:30`,
      } as FormShape);
    }
  }, [open, trade, defaultDate, form, timeZone]);
  // The ticks arrive after the form opens; they fill it unless the learner has ticked already.
  useEffect(() => {
    if (open && checks.data && !form.isFieldTouched('followedRuleIds')) {
      form.setFieldValue('followedRuleIds', checks.data);
    }
  }, [open, checks.data, form]);

  const submit = async (values: FormShape) => {
    const { playbookId: chosenPlaybook, followedRuleIds, ...fields } = values;
    const playbookTouched = form.isFieldTouched('playbookId') || form.isFieldTouched('followedRuleIds');
    const input: TradeFormValues = {
      ...fields,
      ...(playbookTouched || (!trade && chosenPlaybook)
        ? {
            playbookId: chosenPlaybook ?? null,
            followedRuleIds: chosenPlaybook ? (followedRuleIds ?? []) : undefined,
          }
        : {}),
      exitPrice: values.exitPrice ?? null,
      stopPrice: values.stopPrice ?? null,
      targetPrice: values.targetPrice ?? null,
      entryTime: fromLocalInput(values.entryTime, timeZone)!,
      exitTime: fromLocalInput(values.exitTime, timeZone),
      fees: values.fees ?? 0,
      currency: (values.currency ?? 'INR').trim().toUpperCase(),
      multiplier: values.multiplier ?? 1,
    };
    try {
      if (trade) await update.mutateAsync({ id: trade._id, input });
      else await create.mutateAsync(input);
      toast.success(trade ? 'Trade saved.' : 'Trade added.');
      onClose();
    } catch (error) {
      const apiError = error as ApiError;
      form.setFields(
        (apiError.details ?? [])
          .filter((detail) => detail.path && detail.path !== '(body)')
          .map((detail) => ({
            name: detail.path.split('.')[0] as keyof FormShape,
            errors: [detail.message],
          })),
      );
      toast.error(apiError.message);
    }
  };

  return (
    <Modal
      open={open}
      title={trade ? `Edit ${trade.symbol} trade` : 'Add a trade'}
      okText={trade ? 'Save trade' : 'Add trade'}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      onCancel={cancel}
      destroyOnHidden
      width={640}
    >
      <Modal
        open={confirmingDiscard}
        title={trade ? 'Discard your changes?' : 'Discard this trade?'}
        okText="Discard"
        okButtonProps={{ danger: true }}
        cancelText="Keep editing"
        onOk={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmingDiscard(false)}
      >
        <p>What you typed is not saved.</p>
      </Modal>
      {verified ? (
        <p className="cw-journal-muted">
          This trade is rebuilt from its fills: you can change its stop, target, tags and notes.
        </p>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={clearChangedFieldErrors}
        className="cw-journal-trade-form"
        disabled={false}
      >
        <div className="cw-journal-form-grid">
          <Form.Item name="symbol" label="Symbol" rules={[{ required: true, message: 'Enter the symbol.' }]}>
            <Input disabled={verified} placeholder="RELIANCE" autoComplete="off" />
          </Form.Item>
          <Form.Item name="side" label="Side">
            <Radio.Group
              disabled={verified}
              optionType="button"
              options={[
                { label: 'Long', value: 'long' },
                { label: 'Short', value: 'short' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="quantity"
            label="Quantity"
            rules={[{ required: true, message: 'Enter the quantity.' }]}
          >
            <InputNumber disabled={verified} min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="fees" label="Fees">
            <InputNumber disabled={verified} min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="currency"
            label="Currency"
            extra="INR, USD… statistics never add two currencies"
            rules={[{ pattern: /^[A-Za-z]{3}$/, message: 'Use a currency code such as INR or USD.' }]}
          >
            <Input disabled={verified} maxLength={3} autoComplete="off" />
          </Form.Item>
          <Form.Item name="multiplier" label="Multiplier" extra="Units per contract: 1 for shares">
            <InputNumber disabled={verified} min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="entryPrice"
            label="Entry price"
            rules={[{ required: true, message: 'Enter the entry price.' }]}
          >
            <InputNumber disabled={verified} min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="exitPrice" label="Exit price" extra="Empty while the trade is open">
            <InputNumber disabled={verified} min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="entryTime"
            label="Entry time"
            rules={[{ required: true, message: 'Enter the entry time.' }]}
          >
            <Input type="datetime-local" disabled={verified} />
          </Form.Item>
          <Form.Item name="exitTime" label="Exit time">
            <Input type="datetime-local" disabled={verified} />
          </Form.Item>
          <Form.Item name="stopPrice" label="Stop" extra="Needed for R multiples">
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="targetPrice" label="Target">
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="setupTags" label="Setup tags">
          <Select
            mode="tags"
            tokenSeparators={[',', ';']}
            placeholder="breakout, pullback…"
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item name="mistakeTags" label="Mistake tags">
          <Select
            mode="tags"
            tokenSeparators={[',', ';']}
            placeholder="fomo, moved-stop…"
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item name="playbookId" label="Playbook" extra="The setup this trade followed">
          <Select
            allowClear
            loading={playbooks.isPending}
            placeholder={
              playbooks.data?.length === 0 ? 'No playbooks yet: write one in the Playbooks tab' : 'None'
            }
            options={(playbooks.data ?? []).map((each) => ({ value: each._id, label: each.name }))}
            onChange={() => form.setFieldValue('followedRuleIds', [])}
          />
        </Form.Item>
        {playbookId && rulesOfPlaybook.length > 0 && (
          <Form.Item name="followedRuleIds" label="Rules it kept" extra="Unticked rules count as broken">
            <Checkbox.Group
              className="cw-journal-rule-checks"
              options={rulesOfPlaybook.map((rule) => ({ value: rule._id, label: rule.text }))}
            />
          </Form.Item>
        )}
        <Form.Item name="notes" label="Notes">
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
