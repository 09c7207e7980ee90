/**
 * A Zerodha tradebook of about `targetBytes` (4.8 MB by default: what issue #43 sent). Past
 * 20,000 rows the preview lists a row error, but the whole file is still read first.
 */
export function largeZerodhaFile(targetBytes = 4_800_000): string {
  const header = 'symbol,segment,trade_date,trade_type,quantity,price,trade_id,order_id,order_execution_time';
  const lines = [header];
  let size = header.length;
  for (let i = 0; size < targetBytes; i += 1) {
    const month = String(1 + (Math.floor(i / 5600) % 12)).padStart(2, '0');
    const day = String(1 + (Math.floor(i / 200) % 28)).padStart(2, '0');
    const minute = String(i % 60).padStart(2, '0');
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const line = `SYM${i % 50},EQ,2025-${month}-${day},${side},10,${500 + (i % 37)},${100000 + i},${900000 + i},2025-${month}-${day}T10:${minute}:00`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}
