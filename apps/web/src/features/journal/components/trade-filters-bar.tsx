import { Input, Select } from 'antd';
import { useId } from 'react';
import type { TradeFilters } from '../api/journal-types';

/** Dates, symbol, tag and source: the same filters for the trades table and the statistics. */
export function TradeFiltersBar({
  value,
  onChange,
  symbols,
  tags,
}: {
  value: TradeFilters;
  onChange: (filters: TradeFilters) => void;
  symbols: string[];
  tags: string[];
}) {
  const id = useId();
  const set = (patch: Partial<TradeFilters>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="cw-journal-filters">
      <legend className="cw-visually-hidden">Filters</legend>
      <label htmlFor={`${id}-from`}>
        <span>From</span>
        <Input
          id={`${id}-from`}
          type="date"
          value={value.from ?? ''}
          onChange={(event) => set({ from: event.target.value || undefined })}
        />
      </label>
      <label htmlFor={`${id}-to`}>
        <span>To</span>
        <Input
          id={`${id}-to`}
          type="date"
          value={value.to ?? ''}
          onChange={(event) => set({ to: event.target.value || undefined })}
        />
      </label>
      <Select
        allowClear
        showSearch
        aria-label="Symbol"
        placeholder="Any symbol"
        value={value.symbol}
        onChange={(symbol) => set({ symbol })}
        options={symbols.map((symbol) => ({ value: symbol, label: symbol }))}
      />
      <Select
        allowClear
        showSearch
        aria-label="Tag"
        placeholder="Any tag"
        value={value.tag}
        onChange={(tag) => set({ tag })}
        options={tags.map((tag) => ({ value: tag, label: tag }))}
      />
      <Select
        allowClear
        aria-label="Source"
        placeholder="Any source"
        value={value.source}
        onChange={(source) => set({ source })}
        options={[
          { value: 'manual', label: 'Manual' },
          { value: 'csv', label: 'CSV import' },
          { value: 'paper', label: 'Competitions' },
          { value: 'broker', label: 'Broker' },
        ]}
      />
    </fieldset>
  );
}
