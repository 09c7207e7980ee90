import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { PlainTag } from '@/components/plain/plain-tag';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import type { JournalTrade } from '../api/journal-types';

/**
 * A trade's setup tags (cyan) and mistake tags (volcano). Plain markup: the day panel
 * shows them on /journal's first view, before antd has loaded (ADR 021).
 */
export function TradeTags({ trade }: { trade: JournalTrade }) {
  return (
    <span className="cw-journal-tags">
      {trade.setupTags.map((tag) => (
        <PlainTag key={`s-${tag}`} tone="cyan">
          {tag}
        </PlainTag>
      ))}
      {trade.mistakeTags.map((tag) => (
        <PlainTag key={`m-${tag}`} tone="volcano">
          {tag}
        </PlainTag>
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
    // A title, not antd's Tooltip, as the tags are plain; screen readers read "(verified)" instead.
    <span title="Verified: made from real fills">
      <SvgIcon icon={SafetyCertificateOutlined} className="cw-journal-verified" />{' '}
      {sourceLabels[trade.source]}
      <span className="cw-visually-hidden"> (verified)</span>
    </span>
  ) : (
    <span>{sourceLabels[trade.source]}</span>
  );
}
