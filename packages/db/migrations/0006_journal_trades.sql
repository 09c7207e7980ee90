CREATE TABLE "journal_trades" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"entry_price" numeric(20, 6) NOT NULL,
	"exit_price" numeric(20, 6),
	"entry_time" timestamp with time zone NOT NULL,
	"exit_time" timestamp with time zone,
	"fees" numeric(20, 6) DEFAULT 0 NOT NULL,
	"pnl" numeric(20, 6),
	"stop_price" numeric(20, 6),
	"target_price" numeric(20, 6),
	"setup_tags" text[] DEFAULT '{}' NOT NULL,
	"mistake_tags" text[] DEFAULT '{}' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"origin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_trades" ADD CONSTRAINT "journal_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_trades_user_source_external_unique" ON "journal_trades" USING btree ("user_id","source","external_id");--> statement-breakpoint
CREATE INDEX "journal_trades_user_exit_idx" ON "journal_trades" USING btree ("user_id","exit_time");