CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"open" numeric(20, 6) NOT NULL,
	"high" numeric(20, 6) NOT NULL,
	"low" numeric(20, 6) NOT NULL,
	"close" numeric(20, 6) NOT NULL,
	CONSTRAINT "candles_symbol_start_time_pk" PRIMARY KEY("symbol","start_time")
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"order_id" text,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"realized_pnl" numeric(20, 6) DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_engine_state" (
	"group_id" text PRIMARY KEY NOT NULL,
	"start_announced_at" timestamp with time zone,
	"finalized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"asset_class" text NOT NULL,
	"tick_size" numeric(20, 6) NOT NULL,
	"contract_size" numeric(20, 6) DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"base_price" numeric(20, 6) NOT NULL,
	"volatility" numeric(20, 6) NOT NULL,
	"spread" numeric(20, 6) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_state" (
	"symbol" text PRIMARY KEY NOT NULL,
	"mid" numeric(20, 6) NOT NULL,
	"rng_state" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"price" numeric(20, 6),
	"stop_loss" numeric(20, 6),
	"take_profit" numeric(20, 6),
	"status" text NOT NULL,
	"fill_price" numeric(20, 6),
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"account_id" text NOT NULL,
	"symbol" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"average_price" numeric(20, 6) NOT NULL,
	"stop_loss" numeric(20, 6),
	"take_profit" numeric(20, 6),
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_account_id_symbol_pk" PRIMARY KEY("account_id","symbol")
);
--> statement-breakpoint
CREATE TABLE "trading_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"starting_balance" numeric(20, 6) NOT NULL,
	"balance" numeric(20, 6) NOT NULL,
	"equity" numeric(20, 6) NOT NULL,
	"peak_equity" numeric(20, 6) NOT NULL,
	"frozen_until" timestamp with time zone,
	"freeze_count" integer DEFAULT 0 NOT NULL,
	"trades_count" integer DEFAULT 0 NOT NULL,
	"final_rank" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "instruments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_engine_state" ADD CONSTRAINT "group_engine_state_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_state" ADD CONSTRAINT "market_state_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fills_account_created_idx" ON "fills" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_account_status_idx" ON "orders" USING btree ("account_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_accounts_group_user_unique" ON "trading_accounts" USING btree ("group_id","user_id");