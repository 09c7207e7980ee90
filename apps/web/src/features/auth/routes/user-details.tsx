import type { UserDetailsInput } from '@candlewise/shared';
import { useDispatch, useSelector } from 'react-redux';
import { updateUser } from '@/lib/auth-slice';
import type { SessionSlices } from '@/lib/current-user';
import { markNewAccount } from '@/lib/first-visit';
import { completeUserDetails } from '../api/complete-user-details';
import { FormAlert, SubmitButton, TextField, useAccountForm } from '../components/account-form';
import { AccountPage } from '../components/account-page';
import { SignedInAs } from '../components/signed-in-as';

type ExperienceLevel = UserDetailsInput['experienceLevel'];
type Interest = UserDetailsInput['interests'][number];

// Labels only; the values are the shared schema's (the types fail to compile if the lists drift).
const experienceLabels = {
  beginner: { label: 'Beginner', detail: 'New to trading, or only a few trades' },
  intermediate: { label: 'Intermediate', detail: 'I trade now and then and know the basics' },
  advanced: { label: 'Advanced', detail: 'I trade regularly with a plan' },
} satisfies Record<ExperienceLevel, { label: string; detail: string }>;

const interestLabels = {
  'stock market': 'Stock market',
  'technical analysis': 'Technical analysis',
  'fundamental analysis': 'Fundamental analysis',
  options: 'Options',
  'risk management': 'Risk management',
  'trading psychology': 'Trading psychology',
  forex: 'Forex',
  crypto: 'Crypto',
} satisfies Record<Interest, string>;

const experienceLevels = Object.keys(experienceLabels) as ExperienceLevel[];
const interests = Object.keys(interestLabels) as Interest[];

/** /user-details: the last step; the answered user has the role 'user', so the public guard opens /home. */
function UserDetailsForm() {
  const dispatch = useDispatch();
  const token = useSelector((state: SessionSlices) => state.auth.token);
  const form = useAccountForm({
    initialValues: { firstName: '', lastName: '', experienceLevel: '', interests: [] as string[] },
    schema: (schemas) => schemas.userDetailsSchema,
    onSubmit: async (input) => {
      const user = await completeUserDetails(input);
      markNewAccount(token);
      dispatch(updateUser(user));
    },
  });
  const chosen = form.values.interests;

  function toggleInterest(interest: Interest, checked: boolean) {
    form.setValue('interests', checked ? [...chosen, interest] : chosen.filter((item) => item !== interest));
  }

  const experienceError = form.errors.experienceLevel;
  const interestsError = form.errors.interests;

  return (
    <>
      <form className="cw-form" noValidate onSubmit={form.handleSubmit} onFocus={form.preload}>
        <div className="cw-form__row">
          <TextField form={form} field="firstName" label="First name" autoComplete="given-name" />
          <TextField form={form} field="lastName" label="Last name" autoComplete="family-name" />
        </div>

        <fieldset
          className="cw-form__choices"
          aria-describedby={experienceError ? form.errorId('experienceLevel') : undefined}
        >
          <legend className="cw-form__label">Trading experience</legend>
          {experienceLevels.map((level, index) => (
            <label key={level} className="cw-form__choice">
              <input
                ref={index === 0 ? form.registerInput('experienceLevel') : undefined}
                type="radio"
                name="experienceLevel"
                value={level}
                checked={form.values.experienceLevel === level}
                onChange={() => form.setValue('experienceLevel', level)}
                aria-invalid={experienceError ? true : undefined}
              />
              <span>
                <span className="cw-form__choice-label">{experienceLabels[level].label}</span>
                <span className="cw-form__choice-detail">{experienceLabels[level].detail}</span>
              </span>
            </label>
          ))}
          {experienceError ? (
            <p id={form.errorId('experienceLevel')} className="cw-form__error">
              {experienceError}
            </p>
          ) : null}
        </fieldset>

        <fieldset
          className="cw-form__choices cw-form__choices--grid"
          aria-describedby={interestsError ? form.errorId('interests') : undefined}
        >
          <legend className="cw-form__label">
            What do you want to learn? <span className="cw-form__optional">(optional)</span>
          </legend>
          {interests.map((interest, index) => (
            <label key={interest} className="cw-form__choice">
              <input
                ref={index === 0 ? form.registerInput('interests') : undefined}
                type="checkbox"
                name="interests"
                value={interest}
                checked={chosen.includes(interest)}
                onChange={(event) => toggleInterest(interest, event.target.checked)}
              />
              <span className="cw-form__choice-label">{interestLabels[interest]}</span>
            </label>
          ))}
          {interestsError ? (
            <p id={form.errorId('interests')} className="cw-form__error">
              {interestsError}
            </p>
          ) : null}
        </fieldset>

        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label="Finish and start learning" pendingLabel="Saving…" />
      </form>
      <SignedInAs />
    </>
  );
}

export default function UserDetailsPage() {
  return (
    <AccountPage
      title="Tell us about yourself"
      step={4}
      purpose="Last step. Your name appears on leaderboards; your experience and interests decide which courses we suggest first."
    >
      <UserDetailsForm />
    </AccountPage>
  );
}
