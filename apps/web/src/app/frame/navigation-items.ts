import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';

/** docs/product-contract.md §2 main navigation, shared by the wide-screen sidebar and the narrow-screen bottom bar. */
export const navigationItems = [
  { to: '/home', label: 'Home', icon: HomeOutlined },
  { to: '/group', label: 'Groups', icon: TeamOutlined },
  { to: '/journal', label: 'Journal', icon: BookOutlined },
] as const;
