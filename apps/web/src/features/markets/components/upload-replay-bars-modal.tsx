import { UploadOutlined } from '@ant-design/icons';
import type { ApiFieldError } from '@candlewise/shared/api/envelope';
import { Alert, Button, Form, Modal, Select } from 'antd';
import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-client';
import { readFileText } from '@/lib/read-file-text';
import { useMarketInstruments } from '../api/get-market-instruments';
import { useUploadReplayBars } from '../api/upload-replay-bars';
import { barsFileProblem, linePlace, storedBarsText } from '../lib/replay-bars-text';

type Errors = Partial<Record<'symbol' | 'file', string>>;
/** The server's refusal: its sentence and the lines it names. */
type Refusal = { message: string; lines: ApiFieldError[] };

/**
 * Admin → Markets → Upload bars: one instrument and a CSV of its 1-minute bars (a day or a few),
 * read here as text and sent as it is; the server parses and checks it and names each bad line.
 * The type and size are checked first so a wrong file never leaves the browser.
 */
export function UploadReplayBarsModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const instruments = useMarketInstruments();
  const upload = useUploadReplayBars();
  const input = useRef<HTMLInputElement>(null);
  const [symbol, setSymbol] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  function choose(chosen: File | null) {
    setRefusal(null);
    // The same file may be chosen again after it is corrected.
    if (input.current) input.current.value = '';
    if (!chosen) return;
    const problem = barsFileProblem(chosen);
    setFile(problem ? null : chosen);
    setErrors(({ file: _file, ...rest }) => (problem ? { ...rest, file: problem } : rest));
  }

  async function send() {
    const missing: Errors = {
      ...(symbol ? {} : { symbol: 'Choose the instrument the bars are for.' }),
      ...(file ? {} : { file: errors.file ?? 'Choose a CSV file of 1-minute bars.' }),
    };
    if (!symbol || !file) {
      setErrors(missing);
      return;
    }
    setRefusal(null);
    setReading(true);
    let csv: string;
    try {
      csv = await readFileText(file);
    } catch {
      setErrors({ file: `${file.name} could not be read. Choose it again.` });
      return;
    } finally {
      setReading(false);
    }
    try {
      const response = await upload.mutateAsync({ symbol, csv });
      toast.success(storedBarsText(response.data));
      onClose();
    } catch (error) {
      setRefusal(
        error instanceof ApiError
          ? { message: error.message, lines: error.details }
          : { message: 'The bars could not be uploaded. Please try again.', lines: [] },
      );
    }
  }

  const item = (key: keyof Errors) => ({
    htmlFor: `${formId}-${key}`,
    validateStatus: errors[key] ? ('error' as const) : undefined,
    help: errors[key],
  });

  return (
    <Modal
      open
      title="Upload bars"
      okText="Upload bars"
      okButtonProps={{ htmlType: 'submit', form: formId }}
      confirmLoading={reading || upload.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id={formId} layout="vertical" onFinish={() => void send()} requiredMark={false} noValidate>
        {refusal ? (
          <Alert
            type="error"
            showIcon
            className="cw-admin-markets__alert"
            title={refusal.message}
            description={
              refusal.lines.length > 0 ? (
                <ul className="cw-admin-markets__line-errors">
                  {refusal.lines.map((line) => (
                    <li key={`${line.path}-${line.message}`}>
                      <strong>{linePlace(line.path)}:</strong> {line.message}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : null}
        <Form.Item label="Instrument" {...item('symbol')}>
          <Select
            id={`${formId}-symbol`}
            value={symbol}
            placeholder="Choose an instrument"
            loading={instruments.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(next: string) => {
              setSymbol(next);
              setRefusal(null);
              setErrors(({ symbol: _symbol, ...rest }) => rest);
            }}
            options={(instruments.data ?? []).map((instrument) => ({
              value: instrument.symbol,
              label: `${instrument.symbol} · ${instrument.name}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          label="CSV file"
          extra="One bar a line: time, open, high, low, close, volume (a header line is fine, and so are Binance's klines). Times in UTC, whole minutes; at most 4 MB."
          {...item('file')}
        >
          <input
            ref={input}
            id={`${formId}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            hidden
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <div className="cw-admin-markets__file">
            <Button icon={<UploadOutlined aria-hidden="true" />} onClick={() => input.current?.click()}>
              Choose a file
            </Button>
            <span className="cw-admin-markets__muted cw-admin-markets__file-name">
              {file ? file.name : 'No file chosen'}
            </span>
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
