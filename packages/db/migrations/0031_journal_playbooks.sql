CREATE TABLE "journal_trade_rule_checks" (
	"trade_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"followed" boolean NOT NULL,
	CONSTRAINT "journal_trade_rule_checks_trade_id_rule_id_pk" PRIMARY KEY("trade_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "journal_playbook_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"playbook_id" text NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_playbooks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_trades" ADD COLUMN "playbook_id" text;--> statement-breakpoint
ALTER TABLE "journal_trade_rule_checks" ADD CONSTRAINT "journal_trade_rule_checks_trade_id_journal_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."journal_trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_rule_checks" ADD CONSTRAINT "journal_trade_rule_checks_rule_id_journal_playbook_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."journal_playbook_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_playbook_rules" ADD CONSTRAINT "journal_playbook_rules_playbook_id_journal_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."journal_playbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_playbooks" ADD CONSTRAINT "journal_playbooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_trade_rule_checks_rule_idx" ON "journal_trade_rule_checks" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "journal_playbook_rules_playbook_idx" ON "journal_playbook_rules" USING btree ("playbook_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_playbooks_user_name_unique" ON "journal_playbooks" USING btree ("user_id",lower("name"));--> statement-breakpoint
ALTER TABLE "journal_trades" ADD CONSTRAINT "journal_trades_playbook_id_journal_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."journal_playbooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_trades_playbook_idx" ON "journal_trades" USING btree ("playbook_id");