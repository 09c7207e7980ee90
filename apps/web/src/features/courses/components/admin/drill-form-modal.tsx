import { type Drill, drillFieldsSchema } from '@candlewise/shared/courses/drill-contract';
import { Alert, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { toast } from 'react-toastify';
import { useAdminFormModal } from '@/components/admin-form-modal/use-admin-form-modal';
import { PracticeChart, usePracticeDays } from '@/features/practice';
import { useDrillPreview } from '../../api/get-drill-preview';
import { useSaveDrill } from '../../api/save-drill';
import '../drill.css';

type Props = {
  courseId: string;
  /** The drill to edit, or null for a new one. */
  drill: Drill | null;
  lessons: Array<{ id: number; label: string }>;
  onClose: () => void;
};

type Draft = {
  afterVideoId: number | null;
  position: number;
  title: string;
  symbol: string;
  day: string;
  startAt: string;
  startingBalance: number | null;
  task: string;
  direction: 'long' | 'short' | 'any';
  stopRequired: boolean;
  maxRiskPercent: number | null;
  targetR: number | null;
  timeLimitMinutes: number | null;
};

/**
 * Add or edit a trade drill, checked with drillFieldsSchema (the API's own): the day is picked from
 * the days with uploaded bars, and the chart shows the day up to the start minute.
 */
export function DrillFormModal({ courseId, drill, lessons, onClose }: Props) {
  const creating = drill === null;
  const save = useSaveDrill(courseId);
  const days = usePracticeDays();
  const { draft, change, errors, fieldId, item, modalProps, formProps } = useAdminFormModal({
    initialDraft: (): Draft => ({
      afterVideoId: drill?.afterVideoId ?? lessons[0]?.id ?? null,
      position: drill?.position ?? 0,
      title: drill?.title ?? '',
      symbol: drill?.symbol ?? '',
      day: drill?.day ?? '',
      startAt: drill?.startAt ?? '',
      startingBalance: drill?.startingBalance ?? 100_000,
      task: drill?.task ?? '',
      direction: drill?.direction ?? 'long',
      stopRequired: drill?.stopRequired ?? true,
      maxRiskPercent: drill?.maxRiskPercent ?? 1,
      targetR: drill?.targetR ?? 1,
      timeLimitMinutes: drill?.timeLimitMinutes ?? null,
    }),
    schema: drillFieldsSchema,
    submit: async (fields) => {
      await save.mutateAsync({ drillId: drill?._id ?? null, fields });
      toast.success(`Drill “${fields.title}” ${creating ? 'added' : 'saved'}.`);
    },
    onClose,
  });
  const instruments = days.data ?? [];
  const dayChoices = instruments.find((entry) => entry.symbol === draft.symbol)?.days ?? [];
  const preview = useDrillPreview(draft.symbol, draft.day, draft.startAt);

  return (
    <Modal
      {...modalProps}
      width={760}
      title={creating ? 'New drill' : `Edit “${drill.title}”`}
      okText={creating ? 'Add drill' : 'Save drill'}
    >
      <Form {...formProps}>
        {errors[''] ? (
          <Alert type="error" showIcon title={errors['']} className="cw-admin-form__alert" />
        ) : null}
        <Form.Item label="Title" {...item('title')}>
          <Input
            id={fieldId('title')}
            value={draft.title}
            onChange={(event) => change('title', event.target.value)}
          />
        </Form.Item>
        <div className="cw-drill-form__grid">
          <Form.Item label="After lesson" {...item('afterVideoId')}>
            <Select
              id={fieldId('afterVideoId')}
              value={draft.afterVideoId ?? undefined}
              options={lessons.map((lesson) => ({ value: lesson.id, label: lesson.label }))}
              onChange={(value) => change('afterVideoId', value)}
            />
          </Form.Item>
          <Form.Item label="Position after the lesson" {...item('position')}>
            <InputNumber
              id={fieldId('position')}
              min={0}
              precision={0}
              value={draft.position}
              onChange={(value) => change('position', value ?? 0)}
            />
          </Form.Item>
          <Form.Item label="Instrument" {...item('symbol')}>
            <Select
              id={fieldId('symbol')}
              loading={days.isPending}
              value={draft.symbol || undefined}
              placeholder={instruments.length || days.isPending ? 'Choose' : 'No uploaded bars'}
              options={instruments.map((entry) => ({
                value: entry.symbol,
                label: `${entry.symbol} · ${entry.name}`,
              }))}
              onChange={(value) => {
                change('symbol', value);
                change('day', '');
              }}
            />
          </Form.Item>
          <Form.Item label="Day (with bars)" {...item('day')}>
            <Select
              id={fieldId('day')}
              value={draft.day || undefined}
              placeholder={draft.symbol ? 'Choose a day' : 'Choose an instrument first'}
              options={dayChoices.map((day) => ({ value: day, label: day }))}
              onChange={(value) => change('day', value)}
            />
          </Form.Item>
          <Form.Item label="Start minute (HH:MM UTC)" {...item('startAt')}>
            <Input
              id={fieldId('startAt')}
              value={draft.startAt}
              placeholder="13:40"
              inputMode="numeric"
              onChange={(event) => change('startAt', event.target.value.trim())}
            />
          </Form.Item>
          <Form.Item label="Starting balance" {...item('startingBalance')}>
            <InputNumber
              id={fieldId('startingBalance')}
              min={100}
              value={draft.startingBalance}
              onChange={(value) => change('startingBalance', value)}
            />
          </Form.Item>
        </div>
        <Form.Item label="Task" {...item('task')}>
          <Input.TextArea
            id={fieldId('task')}
            rows={3}
            value={draft.task}
            onChange={(event) => change('task', event.target.value)}
          />
        </Form.Item>
        <div className="cw-drill-form__grid">
          <Form.Item label="Direction" {...item('direction')}>
            <Select
              id={fieldId('direction')}
              value={draft.direction}
              options={[
                { value: 'long', label: 'Long only' },
                { value: 'short', label: 'Short only' },
                { value: 'any', label: 'Either way' },
              ]}
              onChange={(value) => change('direction', value)}
            />
          </Form.Item>
          <Form.Item label="Stop-loss required" {...item('stopRequired')}>
            <Switch
              id={fieldId('stopRequired')}
              checked={draft.stopRequired}
              onChange={(checked) => change('stopRequired', checked)}
            />
          </Form.Item>
          <Form.Item label="Max risk % (empty: none)" {...item('maxRiskPercent')}>
            <InputNumber
              id={fieldId('maxRiskPercent')}
              min={0}
              max={100}
              value={draft.maxRiskPercent}
              onChange={(value) => change('maxRiskPercent', value)}
            />
          </Form.Item>
          <Form.Item label="Target R" {...item('targetR')}>
            <InputNumber
              id={fieldId('targetR')}
              min={0}
              value={draft.targetR}
              onChange={(value) => change('targetR', value)}
            />
          </Form.Item>
          <Form.Item label="Time limit, minutes (empty: none)" {...item('timeLimitMinutes')}>
            <InputNumber
              id={fieldId('timeLimitMinutes')}
              min={1}
              precision={0}
              value={draft.timeLimitMinutes}
              onChange={(value) => change('timeLimitMinutes', value)}
            />
          </Form.Item>
        </div>
        <section aria-label="Preview of the day at the start minute">
          {preview.isError ? (
            <Alert type="warning" showIcon title={preview.error.message} />
          ) : preview.data ? (
            <div className="cw-drill-chart">
              <PracticeChart symbol={draft.symbol} candles={preview.data.candles} tickSize={0.01} />
            </div>
          ) : (
            <p className="cw-admin-muted">
              Choose an instrument, a day and a start minute to preview the chart.
            </p>
          )}
        </section>
      </Form>
    </Modal>
  );
}
