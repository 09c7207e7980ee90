import { Descriptions } from 'antd';
import { PageHeader } from '@/components/page-header/page-header';
import { getFullName, useCurrentUser } from '@/lib/current-user';

const planLabels = {
  active: 'Pro (active)',
  canceled: 'Pro (canceled, ends at expiry)',
  'Not Subscribed': 'Free',
};

export default function ProfilePage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Profile" description="Your account details as Candlewise knows them." />
      <Descriptions
        bordered
        column={1}
        items={[
          { key: 'name', label: 'Name', children: getFullName(user) },
          { key: 'email', label: 'E-mail', children: user.email },
          { key: 'phone', label: 'Phone number', children: user.phoneNumber ?? 'Not added yet' },
          { key: 'plan', label: 'Plan', children: planLabels[user.planStatus] },
        ]}
      />
    </>
  );
}
