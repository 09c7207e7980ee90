import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatUtcRange } from '@/lib/format-utc-time';
import { type StoredBars, useReplayBars } from '../api/get-replay-bars';
import { formatBarCount } from '../lib/replay-bars-text';
import { UploadReplayBarsModal } from './upload-replay-bars-modal';

const columns: TableColumnsType<StoredBars> = [
  {
    title: 'Instrument',
    dataIndex: 'symbol',
    render: (symbol: string) => <span className="cw-admin-markets__bars-symbol">{symbol}</span>,
  },
  {
    title: 'Bars',
    dataIndex: 'bars',
    align: 'right',
    render: (bars: number) => <span className="cw-admin-markets__price">{formatBarCount(bars)}</span>,
  },
  {
    title: 'From – to',
    key: 'range',
    render: (_, { first, last }) => (
      <span className="cw-admin-markets__range">{formatUtcRange(first, last)}</span>
    ),
  },
];

/**
 * Admin → Markets → Replay bars: the real days stored per instrument, which replay competitions
 * play back, and the upload of more (a CSV of 1-minute bars per instrument).
 */
export function ReplayBarsCard() {
  const stored = useReplayBars();
  const [uploading, setUploading] = useState(false);

  return (
    <Card
      size="small"
      title="Replay bars"
      className="cw-admin-markets__table-card"
      extra={
        <Button size="small" icon={<UploadOutlined aria-hidden="true" />} onClick={() => setUploading(true)}>
          Upload bars
        </Button>
      }
    >
      <p className="cw-admin-markets__muted cw-admin-markets__card-intro">
        1-minute bars of real days that replay competitions play back. Times are UTC.
      </p>
      {stored.isError ? (
        <Alert
          type="error"
          showIcon
          title="The stored bars could not be loaded."
          description={stored.error.message}
          action={
            <Button size="small" onClick={() => void stored.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <Table<StoredBars>
          rowKey="symbol"
          columns={columns}
          dataSource={stored.data}
          loading={stored.isPending}
          pagination={false}
          size="middle"
          // Three short columns fit a phone: the range wraps instead of the table scrolling (a
          // scrolled region with nothing focusable in it cannot be scrolled from the keyboard).
          tableLayout="auto"
          locale={{ emptyText: 'No bars yet. Upload a day to replay it.' }}
        />
      )}
      {uploading ? <UploadReplayBarsModal onClose={() => setUploading(false)} /> : null}
    </Card>
  );
}
