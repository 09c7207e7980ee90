CREATE TABLE "replay_bars" (
	"symbol" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" numeric(28, 10) NOT NULL,
	"high" numeric(28, 10) NOT NULL,
	"low" numeric(28, 10) NOT NULL,
	"close" numeric(28, 10) NOT NULL,
	"volume" numeric(28, 8) DEFAULT 0 NOT NULL,
	CONSTRAINT "replay_bars_symbol_time_pk" PRIMARY KEY("symbol","time")
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "market_mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "replay_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "replay_speed" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "replay_bars" ADD CONSTRAINT "replay_bars_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;