import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import { useDispatch, useSelector } from 'react-redux';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { selectDarkMode, setDarkMode } from '@/lib/theme-slice';
import './dark-mode-switch.css';

/**
 * The frame header's dark-mode toggle; the choice is persisted with the rest of the client state.
 * A plain switch (button role=switch, Space and Enter toggle it), so the header paints before antd.
 */
export function DarkModeSwitch() {
  const darkMode = useSelector(selectDarkMode);
  const dispatch = useDispatch();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={darkMode}
      aria-label="Dark mode"
      className="cw-dark-switch"
      onClick={() => dispatch(setDarkMode(!darkMode))}
    >
      <SvgIcon icon={darkMode ? MoonOutlined : SunOutlined} className="cw-dark-switch__icon" />
      <span className="cw-dark-switch__handle" />
    </button>
  );
}
