import {
  columnsSignature,
  JOURNAL_MAPPING_FIELDS,
  type JournalColumnMapping,
  type JournalMappingField,
} from '@candlewise/shared';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useMemo } from 'react';

const STORAGE_PREFIX = 'cw-journal-mapping:';

/** The mapping the learner chose last time for a file whose first row had these columns. */
export function rememberedMapping(columns: readonly string[]): JournalColumnMapping | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_PREFIX + columnsSignature(columns));
    return raw ? (JSON.parse(raw) as JournalColumnMapping) : null;
  } catch {
    return null;
  }
}

export function rememberMapping(columns: readonly string[], mapping: JournalColumnMapping) {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + columnsSignature(columns), JSON.stringify(mapping));
  } catch {
    // Private windows may refuse storage: the mapping is then asked for again next time.
  }
}

/** Column names that usually hold each field, lower case, letters and digits only. */
const GUESSES: Record<JournalMappingField, RegExp> = {
  time: /^(date|time|datetime|tradedate|tradetime|executiontime|filltime|timestamp|executed|executedat)$/,
  symbol: /^(symbol|ticker|instrument|contract|security|scrip|stock|tradingsymbol)$/,
  side: /^(side|action|bs|buysell|direction|tradetype|transactiontype)$/,
  quantity: /^(qty|quantity|shares|units|volume|size|lots|filledqty)$/,
  price: /^(price|fillprice|tradeprice|executionprice|avgprice|averageprice|rate)$/,
  fees: /^(fee|fees|commission|commissions|charges|brokerage|costs)$/,
  currency: /^(currency|ccy|cur)$/,
  account: /^(account|accountid|accountnumber|portfolio)$/,
  id: /^(id|ref|reference|tradeid|fillid|execid|executionid|dealid|ticket)$/,
};

const keyOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function guessMapping(columns: readonly string[]) {
  const chosen: Partial<Record<JournalMappingField, string>> = {};
  for (const { field } of JOURNAL_MAPPING_FIELDS) {
    const match = columns.find((column) => GUESSES[field].test(keyOf(column)));
    if (match && !Object.values(chosen).includes(match)) chosen[field] = match;
  }
  return { columns: chosen };
}

type FormValues = {
  columns: Partial<Record<JournalMappingField, string | null>>;
  currency?: string | null;
  multiplier?: number | null;
};

/**
 * The mapping step of the import: which of the file's columns holds each field. Filled in with the
 * mapping chosen last time for a file of the same columns, else with a guess from the column names.
 */
export function ColumnMappingForm({
  columns,
  busy,
  onSubmit,
}: {
  columns: string[];
  busy: boolean;
  onSubmit: (mapping: JournalColumnMapping) => void;
}) {
  const remembered = useMemo(() => rememberedMapping(columns), [columns]);
  const initialValues: FormValues = remembered ?? guessMapping(columns);
  const options = columns.map((column) => ({ value: column, label: column }));

  const submit = (values: FormValues) => {
    const picked = Object.fromEntries(
      Object.entries(values.columns).filter(([, column]) => typeof column === 'string' && column !== ''),
    ) as JournalColumnMapping['columns'];
    const currency = values.currency?.trim().toUpperCase();
    const mapping: JournalColumnMapping = {
      columns: picked,
      ...(currency ? { currency } : {}),
      ...(values.multiplier ? { multiplier: values.multiplier } : {}),
    };
    rememberMapping(columns, mapping);
    onSubmit(mapping);
  };

  return (
    <Form<FormValues>
      layout="vertical"
      className="cw-journal-mapping"
      initialValues={initialValues}
      onFinish={submit}
      aria-label="Map the file’s columns"
      requiredMark="optional"
    >
      <p className="cw-journal-muted">
        {remembered
          ? 'Filled in with the columns you chose last time for a file with these columns.'
          : 'Say which column holds each field. Times without an offset are read in your time zone.'}
      </p>
      <div className="cw-journal-mapping__fields">
        {JOURNAL_MAPPING_FIELDS.map(({ field, label, required }) => (
          <Form.Item
            key={field}
            name={['columns', field]}
            label={label}
            rules={
              required
                ? [{ required: true, message: `Choose the column that holds the ${label.toLowerCase()}.` }]
                : []
            }
          >
            <Select
              showSearch
              allowClear={!required}
              options={options}
              placeholder={required ? 'Choose a column' : 'Not in the file'}
              aria-label={label}
            />
          </Form.Item>
        ))}
        <Form.Item
          name="currency"
          label="Currency of every row"
          extra="When no column holds it and the symbols do not tell it (USD, EUR, INR…)."
          rules={[{ pattern: /^[A-Za-z]{3}$/, message: 'A three-letter code such as USD, EUR or INR.' }]}
        >
          <Input maxLength={3} autoComplete="off" />
        </Form.Item>
        <Form.Item name="multiplier" label="Multiplier" extra="Units per contract: 1 for shares.">
          <InputNumber min={0.000001} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={busy}>
        Read the file with these columns
      </Button>
    </Form>
  );
}
