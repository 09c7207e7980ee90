ALTER TABLE "journal_executions" ADD COLUMN "short_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_executions" ADD COLUMN "market_zone" text;