import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { JournalTrade } from '../api/journal-types';

export function TradeTags({ trade }: { trade: JournalTrade }) {
  return (
    <span className="cw-journal-tags">
      {trade.setupTags.map((tag) => (
        <Tag key={`s-${tag}`} color="cyan">
          {tag}
        </Tag>
      ))}
      {trade.mistakeTags.map((tag) => (
        <Tag key={`m-${tag}`} color="volcano">
          {tag}
        </Tag>
      ))}
    </span>
  );
}

const sourceLabels: Record<JournalTrade['source'], string> = {
  manual: 'Manual',
  csv: 'CSV',
  paper: 'Competition',
  broker: 'Broker',
};

export function TradeSource({ trade }: { trade: JournalTrade }) {
  return trade.verified ? (
    <Tooltip title="Verified: made from real fills">
      <span>
        <SafetyCertificateOutlined aria-hidden="true" className="cw-journal-verified" />{' '}
        {sourceLabels[trade.source]}
        <span className="cw-visually-hidden"> (verified)</span>
      </span>
    </Tooltip>
  ) : (
    <span>{sourceLabels[trade.source]}</span>
  );
}
