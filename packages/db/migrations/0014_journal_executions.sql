CREATE TABLE "journal_executions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"identity" text NOT NULL,
	"kind" text DEFAULT 'fill' NOT NULL,
	"symbol" text NOT NULL,
	"asset_class" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"fee" numeric(20, 6) DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"multiplier" numeric(20, 6) DEFAULT 1 NOT NULL,
	"executed_at" timestamp with time zone NOT NULL,
	"broker_trade_id" text,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_trades" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_trades" ADD COLUMN "multiplier" numeric(20, 6) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_trades" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_executions" ADD CONSTRAINT "journal_executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_executions_identity_unique" ON "journal_executions" USING btree ("user_id","source","account","identity");--> statement-breakpoint
CREATE INDEX "journal_executions_account_time_idx" ON "journal_executions" USING btree ("user_id","source","account","executed_at");--> statement-breakpoint
CREATE INDEX "journal_trades_user_currency_idx" ON "journal_trades" USING btree ("user_id","currency");--> statement-breakpoint
CREATE INDEX "journal_trades_user_account_idx" ON "journal_trades" USING btree ("user_id","source","account");--> statement-breakpoint
-- Trades made before currencies were kept: paper trades are in their instrument's quote currency,
-- Alpaca's and Interactive Brokers' in US dollars; the rest stay in rupees.
UPDATE "journal_trades" AS "trade" SET "currency" = "instrument"."currency", "multiplier" = "instrument"."contract_size"
FROM "instruments" AS "instrument"
WHERE "trade"."source" = 'paper' AND "instrument"."symbol" = "trade"."symbol";--> statement-breakpoint
UPDATE "journal_trades" SET "currency" = 'USD'
WHERE ("source" = 'broker' AND "origin" IN (SELECT "id" FROM "broker_connections" WHERE "broker" = 'alpaca'))
   OR ("source" = 'csv' AND "origin" = 'ibkr');
