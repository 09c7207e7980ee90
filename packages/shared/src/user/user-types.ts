/** A user's role and plan status, shared by the user contract and the plan and broker rules. */
export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const planStatuses = ['active', 'canceled', 'Not Subscribed'] as const;
export type PlanStatus = (typeof planStatuses)[number];

/** The user object itself is `PublicUser`, inferred from `publicUserSchema` (user-contract.ts). */
