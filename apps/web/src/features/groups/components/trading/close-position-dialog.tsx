import { Modal } from 'antd';
import { formatLots, formatQuotedPrice, formatSignedMoney, signClass } from '../../lib/trading-format';

/**
 * Asks before a position is closed at market, with what closing it now would realise (estimated
 * from the price it would close at; the fill may differ by the time it happens). Keyboard: the
 * dialog takes the focus, Escape or "Keep it open" cancels, "Close position" confirms.
 */
export function ClosePositionDialog({
  symbol,
  quantity,
  exitPrice,
  tickSize,
  quoteCurrency,
  estimatedPnl,
  currency,
  closing,
  onConfirm,
  onCancel,
}: {
  symbol: string;
  /** Signed: positive long, negative short. */
  quantity: number;
  /** The price it would close at now (a long's bid, a short's ask), when known. */
  exitPrice: number | null;
  tickSize: number | undefined;
  quoteCurrency: string | undefined;
  /** The P&L closing now would realise, in the account currency. */
  estimatedPnl: number;
  currency: string;
  closing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const long = quantity > 0;
  return (
    <Modal
      open
      title={`Close your ${symbol} position?`}
      okText="Close position"
      cancelText="Keep it open"
      okButtonProps={{ danger: true }}
      cancelButtonProps={{ autoFocus: true }}
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={closing}
      destroyOnHidden
    >
      <p className="cw-ticket__dialog-lead">
        {`${long ? 'Sells' : 'Buys back'} ${formatLots(Math.abs(quantity))} at market${
          exitPrice !== null ? `, now ${formatQuotedPrice(exitPrice, tickSize, quoteCurrency)}` : ''
        }.`}
      </p>
      <p className="cw-ticket__estimate">
        Estimated P&amp;L{' '}
        <strong className={signClass(estimatedPnl)}>{formatSignedMoney(estimatedPnl, currency)}</strong>
      </p>
      <p className="cw-ticket__note">The final figure depends on the price when the order fills.</p>
    </Modal>
  );
}
