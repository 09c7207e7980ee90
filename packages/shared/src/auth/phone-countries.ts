// No zod here: the phone forms render this list before the schemas load.
/** The country codes the phone forms offer, India first (the product's home market). */
export const PHONE_COUNTRIES = [
  { code: '+91', country: 'India' },
  { code: '+1', country: 'United States / Canada' },
  { code: '+44', country: 'United Kingdom' },
  { code: '+971', country: 'United Arab Emirates' },
  { code: '+65', country: 'Singapore' },
  { code: '+61', country: 'Australia' },
  { code: '+49', country: 'Germany' },
  { code: '+33', country: 'France' },
  { code: '+966', country: 'Saudi Arabia' },
  { code: '+974', country: 'Qatar' },
  { code: '+977', country: 'Nepal' },
  { code: '+880', country: 'Bangladesh' },
  { code: '+94', country: 'Sri Lanka' },
  { code: '+60', country: 'Malaysia' },
  { code: '+27', country: 'South Africa' },
] as const;
