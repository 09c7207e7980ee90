import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';

/**
 * The main navigation, shared by the wide-screen sidebar and the narrow-screen bottom bar: the
 * contract's three (docs/product-contract.md §2: Home, Groups, Journal) first, then Courses and
 * News so every pillar is one click away (issue #43), and Admin for admins. Six fit the 375 px bar
 * (about 62 px each).
 */
const everyone = [
  { to: '/home', label: 'Home', icon: HomeOutlined },
  { to: '/group', label: 'Groups', icon: TeamOutlined },
  { to: '/journal', label: 'Journal', icon: BookOutlined },
  { to: '/course', label: 'Courses', icon: PlayCircleOutlined },
  { to: '/news', label: 'News', icon: ReadOutlined },
] as const;

const admin = { to: '/admin', label: 'Admin', icon: SafetyCertificateOutlined } as const;

export function navigationItems(isAdmin: boolean) {
  return isAdmin ? [...everyone, admin] : everyone;
}
