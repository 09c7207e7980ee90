import { UploadOutlined } from '@ant-design/icons';
import type { JournalColumnMapping, JournalImportJob } from '@candlewise/shared';
import { countOf, formatCount } from '@candlewise/shared/format/format-count';
import { Alert, Button, Progress, Radio, Skeleton, Steps, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { ApiError } from '@/lib/api-client';
import {
  type ImportPreview,
  type ImportResult,
  useCommitImport,
  useImportPresets,
  usePreviewImport,
} from '../api/journal-import';
import { formatPnl, pnlClass, useJournalTimeZone } from '../lib/journal-time';
import { ColumnMappingForm } from './column-mapping-form';
import { OpeningHoldingsForm } from './opening-holdings-form';

/** "N new fills, M already in your journal, K trades complete, P positions open." */
export function fillsSentence(
  counts: Pick<ImportPreview, 'newFills' | 'knownFills' | 'completeTrades' | 'openPositions'>,
) {
  return `${countOf(counts.newFills, 'new fill')}, ${formatCount(counts.knownFills)} already in your journal, ${countOf(counts.completeTrades, 'trade')} complete, ${countOf(counts.openPositions, 'position')} open.`;
}

/**
 * Format → file → preview (row errors by line; for broker files the new and known fills, the trades
 * they complete and the positions left open; for the template the new and duplicate trades) →
 * import, all or nothing → opening holdings when a sale has no purchase in the journal.
 */
export function ImportWizard() {
  const timeFormat = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: useJournalTimeZone(),
  });
  const presets = useImportPresets();
  const [preset, setPreset] = useState('auto');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  /** The columns of a file no layout fits, and the mapping the learner chose for them. */
  const [columns, setColumns] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<JournalColumnMapping | null>(null);
  const previewing = usePreviewImport();
  /** A large file's import running in the background: how far it is. */
  const [job, setJob] = useState<JournalImportJob | null>(null);
  const committing = useCommitImport(setJob);
  const input = useRef<HTMLInputElement>(null);
  const step = result ? 3 : preview ? 2 : file ? 1 : 0;

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    setColumns(null);
    setMapping(null);
    if (!chosen) return;
    try {
      const answer = await previewing.mutateAsync({ preset, file: chosen });
      setPreview(answer);
      if (answer.layout === null && answer.columns?.length) setColumns(answer.columns);
    } catch (error) {
      toast.error((error as ApiError).message);
    }
  };

  const readWithMapping = async (chosen: JournalColumnMapping) => {
    if (!file) return;
    setMapping(chosen);
    setResult(null);
    try {
      setPreview(await previewing.mutateAsync({ preset, file, mapping: chosen }));
    } catch (error) {
      toast.error((error as ApiError).message);
    }
  };

  const commit = async () => {
    if (!file) return;
    try {
      const response = await committing.mutateAsync({ preset, file, mapping, rows: preview?.rows });
      setResult(response.data);
      toast.success(response.message ?? 'Imported.');
    } catch (error) {
      toast.error((error as ApiError).message);
    } finally {
      setJob(null);
    }
  };

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setColumns(null);
    setMapping(null);
    if (input.current) input.current.value = '';
  };

  return (
    <section className="cw-journal-import" aria-label="Import trades">
      <Steps
        size="small"
        current={step}
        items={[{ title: 'Format' }, { title: 'File' }, { title: 'Preview' }, { title: 'Imported' }]}
        responsive={false}
        className="cw-journal-import__steps"
      />
      <h2>1. Choose the format</h2>
      {presets.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : presets.error ? (
        <Alert type="error" showIcon message={presets.error.message} />
      ) : (
        <Radio.Group
          value={preset}
          onChange={(event) => {
            setPreset(event.target.value);
            reset();
          }}
          className="cw-journal-import__presets"
          aria-label="Import format"
        >
          <Radio value="auto" className="cw-journal-import__preset">
            <strong>Find it from the file</strong>
            <span className="cw-journal-muted">
              Candlewise reads the file’s column names and picks the layout below that fits.
            </span>
          </Radio>
          {presets.data.map((option) => (
            <Radio key={option.id} value={option.id} className="cw-journal-import__preset">
              <strong>{option.name}</strong>
              <span className="cw-journal-muted">{option.description}</span>
              {preset === option.id ? (
                <span className="cw-journal-import__how">
                  <strong>How to get it: </strong>
                  {option.howToExport}
                </span>
              ) : null}
              {option.templateUrl ? (
                <a href={option.templateUrl} download onClick={(event) => event.stopPropagation()}>
                  Download the {option.kind === 'trades' ? 'template' : 'example'}
                </a>
              ) : null}
            </Radio>
          ))}
        </Radio.Group>
      )}
      <h2>2. Choose the file</h2>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        style={{ display: 'none' }}
        data-testid="import-file-input"
        aria-label="CSV file to import"
        onChange={(event) => void choose(event.target.files?.[0] ?? null)}
      />
      <div className="cw-journal-import__file">
        <Button
          icon={<UploadOutlined />}
          onClick={() => input.current?.click()}
          loading={previewing.isPending}
        >
          Choose a CSV file
        </Button>
        {file ? (
          <span>{file.name}</span>
        ) : (
          <span className="cw-journal-muted">
            Several imports a day are fine: trades already in your journal are skipped.
          </span>
        )}
      </div>
      {columns ? (
        <>
          <h2>Map the columns</h2>
          <p>
            No layout fits this file. Its first row has the columns {columns.join(', ')}: say which one holds
            each field, and Candlewise reads every row as a fill.
          </p>
          <ColumnMappingForm
            columns={columns}
            busy={previewing.isPending}
            onSubmit={(chosen) => void readWithMapping(chosen)}
          />
        </>
      ) : null}
      {preview && !(columns && !mapping) ? (
        <>
          <h2>3. Check the preview</h2>
          {preview.layout === 'column-mapping' ? (
            <p className="cw-journal-muted">Read with the columns you chose.</p>
          ) : preview.layout ? (
            <p className="cw-journal-muted">
              Read as {presets.data?.find((option) => option.id === preview.layout)?.name ?? preview.layout}.
            </p>
          ) : null}
          {Object.keys(preview.skipped).length > 0 ? (
            <p className="cw-journal-muted">
              Left out on purpose:{' '}
              {Object.entries(preview.skipped)
                .map(([reason, count]) => `${count} ${reason}`)
                .join('; ')}
              .
            </p>
          ) : null}
          {preview.errors.length > 0 ? (
            <Alert
              type="error"
              showIcon
              message={`${preview.errors.length} row${preview.errors.length === 1 ? ' has an error' : 's have errors'}: nothing will be imported until the file is corrected.`}
              description={
                <ul className="cw-journal-import__errors">
                  {preview.errors.slice(0, 50).map((error) => (
                    <li key={error.line}>
                      <strong>Line {error.line}:</strong> {error.message}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : preview.format === 'fills' ? (
            <Alert
              type="info"
              showIcon
              message={`${formatCount(preview.rows)} rows read: ${fillsSentence(preview)}`}
              description={
                preview.needsSettlement?.length
                  ? `Futures still open after their expiry, with no settlement price in the file: ${preview.needsSettlement
                      .map(
                        (future) =>
                          `${future.symbol} (${future.side} ${future.quantity}, expired ${future.expiresAt.slice(0, 10)})`,
                      )
                      .join(
                        ', ',
                      )}. They stay open until you add the closing fill at the exchange's settlement price (a row in a later file).`
                  : preview.needsOpeningHoldings.length
                    ? `Sold without a purchase in your journal: ${preview.needsOpeningHoldings
                        .map((need) => `${need.symbol} (${need.quantity})`)
                        .join(
                          ', ',
                        )}. After the import you can enter the shares you held before; these sales are not counted as shorts.`
                    : preview.openPositions
                      ? 'Open positions become trades once a later file or sync closes them.'
                      : undefined
              }
            />
          ) : (
            <Alert
              type="info"
              showIcon
              message={`${formatCount(preview.rows)} rows read: ${countOf(preview.newTrades, 'new trade')}, ${formatCount(preview.duplicates)} already in your journal.`}
            />
          )}
          {preview.trades.length > 0 ? (
            <Table
              size="small"
              rowKey={(trade) => `${trade.line}-${trade.symbol}-${trade.entryTime}`}
              dataSource={preview.trades.slice(0, 200)}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: true }}
              columns={[
                { title: 'Line', dataIndex: 'line', width: 60 },
                { title: 'Symbol', render: (_, t) => `${t.symbol} ${t.side}` },
                { title: 'Qty', dataIndex: 'quantity', align: 'right' },
                {
                  title: 'Entry',
                  render: (_, t) => timeFormat.format(new Date(t.entryTime)),
                  responsive: ['md'],
                },
                {
                  title: 'P&L',
                  align: 'right',
                  render: (_, t) => <span className={pnlClass(t.pnl)}>{formatPnl(t.pnl, t.currency)}</span>,
                },
                {
                  title: '',
                  render: (_, t) =>
                    t.duplicate ? <Tag>Already imported</Tag> : <Tag color="green">New</Tag>,
                },
              ]}
            />
          ) : null}
          {committing.isPending && job ? <ImportProgress job={job} /> : null}
          <div className="cw-journal-import__actions">
            <Button
              type="primary"
              onClick={() => void commit()}
              loading={committing.isPending}
              disabled={
                preview.errors.length > 0 ||
                (preview.format === 'fills' ? preview.newFills : preview.newTrades) === 0 ||
                Boolean(result)
              }
            >
              {preview.format === 'fills'
                ? `Import ${countOf(preview.newFills, 'fill')}`
                : `Import ${countOf(preview.newTrades, 'trade')}`}
            </Button>
            <Button onClick={reset}>Start again</Button>
          </div>
        </>
      ) : null}
      {result ? (
        <Alert
          type="success"
          showIcon
          role="status"
          message={
            result.format === 'fills'
              ? `Imported: ${fillsSentence(result)} ${countOf(result.added, 'new trade')} in your journal.`
              : `${countOf(result.added, 'trade')} imported${result.duplicates ? `, ${formatCount(result.duplicates)} already in your journal` : ''}.`
          }
        />
      ) : null}
      {result?.needsOpeningHoldings.length ? (
        <OpeningHoldingsForm needs={result.needsOpeningHoldings} />
      ) : null}
    </section>
  );
}

const STAGE_WORDS: Record<JournalImportJob['stage'], string> = {
  reading: 'Reading the file',
  checking: 'Checking it against your journal',
  storing: 'Storing fills',
  rebuilding: 'Rebuilding your trades',
  finished: 'Finished',
};

/** A large import's progress: the stage in words and, while storing, fills done of total. */
function ImportProgress({ job }: { job: JournalImportJob }) {
  const percent = job.total > 0 ? Math.floor((100 * job.done) / job.total) : 0;
  const counts =
    job.total > 0
      ? `: ${job.done.toLocaleString('en-IN')} of ${job.total.toLocaleString('en-IN')} fills`
      : '';
  const words = `${STAGE_WORDS[job.stage]}${counts}…`;
  return (
    <div className="cw-journal-import__progress" role="status" aria-live="polite">
      <Progress percent={percent} status="active" aria-label="Import progress" />
      <p className="cw-journal-muted">
        {words} Nothing is saved until every row is in; the import goes on if you leave this page.
      </p>
    </div>
  );
}
