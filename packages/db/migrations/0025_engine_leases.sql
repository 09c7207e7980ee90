CREATE TABLE "engine_leases" (
	"scope" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"epoch" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engine_processes" (
	"holder" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "lease_epoch" bigint;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "lease_epoch" bigint;