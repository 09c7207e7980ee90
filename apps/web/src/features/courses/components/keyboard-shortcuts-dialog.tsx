import { Modal } from 'antd';
import { PLAYER_SHORTCUTS } from '../hooks/player-shortcuts';

/** The "Keyboard shortcuts" dialog, opened with ? or the button under the player. */
export function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <p className="cw-shortcuts__intro">They work anywhere on the lesson page, except while you type.</p>
      <dl className="cw-shortcuts">
        {PLAYER_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="cw-shortcuts__row">
            <dt>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ' or ' : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{shortcut.action}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
