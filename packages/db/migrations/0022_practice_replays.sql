CREATE TABLE "practice_decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"replayed_at" timestamp with time zone NOT NULL,
	"wall_at" timestamp with time zone NOT NULL,
	"equity" numeric(20, 6) NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_fills" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"order_id" text,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(28, 8) NOT NULL,
	"price" numeric(28, 10) NOT NULL,
	"realized" numeric(20, 6) NOT NULL,
	"reason" text NOT NULL,
	"replayed_at" timestamp with time zone NOT NULL,
	"sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"day" text NOT NULL,
	"currency" text NOT NULL,
	"starting_balance" numeric(20, 6) NOT NULL,
	"balance" numeric(20, 6) NOT NULL,
	"equity" numeric(20, 6) NOT NULL,
	"state" text NOT NULL,
	"speed" integer NOT NULL,
	"position_at" timestamp with time zone NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"settled_to" timestamp with time zone NOT NULL,
	"book" jsonb NOT NULL,
	"trades_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "practice_decisions" ADD CONSTRAINT "practice_decisions_session_id_practice_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."practice_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_fills" ADD CONSTRAINT "practice_fills_session_id_practice_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."practice_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_decisions_session_sequence" ON "practice_decisions" USING btree ("session_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_fills_session_sequence" ON "practice_fills" USING btree ("session_id","sequence");--> statement-breakpoint
CREATE INDEX "practice_sessions_user_idx" ON "practice_sessions" USING btree ("user_id","state");