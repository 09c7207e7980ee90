import { Card, Tag } from 'antd';
import { DarkModeSwitch } from '@/components/dark-mode-switch/dark-mode-switch';
import { PageHeader } from '@/components/page-header/page-header';
import { getFullName, useCurrentUser } from '@/lib/current-user';
import { AccountExitSections } from '../components/account-exit-sections';
import { AvatarUpload } from '../components/avatar-upload';
import { NameForm } from '../components/name-form';
import { PasswordSection } from '../components/password-section';
import { PhoneNumberSection } from '../components/phone-number-section';
import { TimeZoneSection } from '../components/time-zone-section';
import './profile.css';

const planLabels = {
  active: 'Pro (active)',
  canceled: 'Pro (canceled, ends at expiry)',
  'Not Subscribed': 'Free',
};

/** /profile: who you are on Candlewise and how you sign in; the page of the avatar menu's View Profile. */
export default function ProfilePage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="cw-profile">
      <PageHeader
        title="Profile"
        description="Your details, how you sign in and how Candlewise looks for you."
      />

      <Card title={<h2 className="cw-profile__card-title">Your details</h2>} className="cw-profile__card">
        <div className="cw-profile__identity">
          <AvatarUpload user={user} />
          <div className="cw-profile__who">
            <p className="cw-profile__name">{getFullName(user)}</p>
            <p className="cw-profile__email">{user.email}</p>
            <Tag>{planLabels[user.planStatus]}</Tag>
          </div>
        </div>
        <NameForm key={user._id} user={user} />
      </Card>

      <Card title={<h2 className="cw-profile__card-title">Phone number</h2>} className="cw-profile__card">
        <PhoneNumberSection user={user} />
      </Card>

      <Card title={<h2 className="cw-profile__card-title">Password</h2>} className="cw-profile__card">
        <PasswordSection user={user} />
      </Card>

      <Card title={<h2 className="cw-profile__card-title">Time zone</h2>} className="cw-profile__card">
        <TimeZoneSection key={user.timeZone} user={user} />
      </Card>

      <Card title={<h2 className="cw-profile__card-title">Appearance</h2>} className="cw-profile__card">
        <div className="cw-profile__line">
          <p className="cw-profile__hint">
            Dark mode is easier on the eyes in the evening and in front of charts.
          </p>
          <DarkModeSwitch />
        </div>
      </Card>

      <AccountExitSections />
    </div>
  );
}
