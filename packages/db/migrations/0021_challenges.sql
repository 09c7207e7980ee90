CREATE TABLE "challenge_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"rule_set" text NOT NULL,
	"phase" integer NOT NULL,
	"kind" text NOT NULL,
	"rule" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"equity" numeric(20, 6) NOT NULL,
	"balance" numeric(20, 6) NOT NULL,
	"threshold" numeric(20, 6),
	"fill_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equity_curve" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "rule_set" text DEFAULT 'practice@1' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "ranking" text DEFAULT 'return' NOT NULL;--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "phase" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "phase" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "phase_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "challenge_status" text DEFAULT 'in-progress' NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "day_start_balance" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "eod_high_balance" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "equity_high" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "max_drawdown_percent" numeric(9, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_events" ADD CONSTRAINT "challenge_events_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_events_account_idx" ON "challenge_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_events_phase_outcome_unique" ON "challenge_events" USING btree ("account_id","phase") WHERE "challenge_events"."kind" <> 'day-ended';