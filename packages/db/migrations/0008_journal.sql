CREATE TABLE "journal_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emotion" text,
	"rating" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entry_screenshots" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entry_trades" (
	"entry_id" text NOT NULL,
	"trade_id" text NOT NULL,
	CONSTRAINT "journal_entry_trades_entry_id_trade_id_pk" PRIMARY KEY("entry_id","trade_id")
);
--> statement-breakpoint
CREATE TABLE "journal_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"preset" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer NOT NULL,
	"added" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_screenshots" ADD CONSTRAINT "journal_entry_screenshots_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_screenshots" ADD CONSTRAINT "journal_entry_screenshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_trades" ADD CONSTRAINT "journal_entry_trades_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry_trades" ADD CONSTRAINT "journal_entry_trades_trade_id_journal_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."journal_trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_imports" ADD CONSTRAINT "journal_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_user_date_unique" ON "journal_entries" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "journal_entry_screenshots_entry_idx" ON "journal_entry_screenshots" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_entry_trades_trade_idx" ON "journal_entry_trades" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "journal_imports_user_idx" ON "journal_imports" USING btree ("user_id","created_at");--> statement-breakpoint
-- The default reflective questions, asked once; admins edit them from then on.
INSERT INTO "journal_questions" ("id", "text", "position") VALUES
  ('q-plan', 'What was my plan for today?', 0),
  ('q-rules', 'Did I follow my rules? Where did I break them?', 1),
  ('q-best', 'What was my best decision today?', 2),
  ('q-mistake', 'What mistake will I avoid tomorrow?', 3),
  ('q-learned', 'What did I learn about the market or myself?', 4);
