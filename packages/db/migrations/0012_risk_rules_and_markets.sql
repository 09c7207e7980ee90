ALTER TABLE "groups" ADD COLUMN "drawdown_basis" text DEFAULT 'peak' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "daily_loss_limit" numeric(6, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "daily_reset_hour" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "provider" text DEFAULT 'simulated' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "provider_symbol" text;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "session" text DEFAULT 'always' NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "day_start_equity" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "day_started_at" timestamp with time zone;