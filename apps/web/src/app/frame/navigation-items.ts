import { BookOutlined, HomeOutlined, TeamOutlined } from '@ant-design/icons';

/** Spec §2 main navigation, shared by the wide-screen sidebar and the narrow-screen bottom bar. */
export const navigationItems = [
  { to: '/home', label: 'Home', Icon: HomeOutlined },
  { to: '/group', label: 'Groups', Icon: TeamOutlined },
  { to: '/journal', label: 'Journal', Icon: BookOutlined },
] as const;
