import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch } from 'antd';
import { useDispatch, useSelector } from 'react-redux';
import { selectDarkMode, setDarkMode } from '../theme-slice';

/** The frame header's dark-mode toggle; the choice is persisted with the rest of the client state. */
export function DarkModeSwitch() {
  const darkMode = useSelector(selectDarkMode);
  const dispatch = useDispatch();
  return (
    <Switch
      aria-label="Dark mode"
      checked={darkMode}
      onChange={(checked) => dispatch(setDarkMode(checked))}
      checkedChildren={<MoonOutlined aria-hidden="true" />}
      unCheckedChildren={<SunOutlined aria-hidden="true" />}
    />
  );
}
