import type { PublicUser } from '@candlewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { toast } from 'react-toastify';
import type { ApiError } from '@/lib/api-client';
import { updateUser } from '@/lib/auth-slice';
import { updateProfile } from '../api/update-profile';

/** The zone this browser is in, e.g. "America/New_York". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every IANA zone the browser knows, with the given ones (the saved zone, UTC) among them. */
function zoneOptions(...wanted: string[]) {
  const known =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['Asia/Kolkata', 'UTC'];
  return [...new Set([...known, ...wanted])]
    .sort()
    .map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/**
 * The zone the journal reads days, weekdays and hours in (daylight saving included). The select
 * starts at this browser's zone, so saving once is enough after moving; the saved one is named.
 */
export function TimeZoneSection({ user }: { user: PublicUser }) {
  const dispatch = useDispatch();
  const queryClient = useQueryClient();
  const [zone, setZone] = useState(() => browserTimeZone() || user.timeZone);
  const [pending, setPending] = useState(false);
  const options = useMemo(() => zoneOptions(user.timeZone, zone, 'UTC'), [user.timeZone, zone]);

  const save = async () => {
    setPending(true);
    try {
      dispatch(updateUser(await updateProfile(user._id, { timeZone: zone })));
      // The journal's days, calendar and statistics are read in the new zone.
      await queryClient.invalidateQueries({ queryKey: ['journal'] });
      toast.success(`Your time zone is ${zone}.`);
    } catch (error) {
      toast.error((error as ApiError).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="cw-profile__time-zone">
      <p className="cw-profile__hint">
        Your journal's days, weekdays and hours are read in this zone. Saved: <strong>{user.timeZone}</strong>
        {zone !== user.timeZone ? ` (this browser is in ${browserTimeZone()})` : ''}.
      </p>
      <div className="cw-profile__line">
        {/* A native select: type-ahead over 400+ zones without rendering them all in a popup. */}
        <select
          aria-label="Time zone"
          className="cw-profile__time-zone-select"
          value={zone}
          onChange={(event) => setZone(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Button
          type="primary"
          onClick={() => void save()}
          loading={pending}
          disabled={zone === user.timeZone}
        >
          Save time zone
        </Button>
      </div>
    </div>
  );
}
