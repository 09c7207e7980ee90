CREATE TABLE "news_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" text,
	"source_name" text NOT NULL,
	"guid" text,
	"url" text,
	"canonical_url" text,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text,
	"image_url" text,
	"category" text NOT NULL,
	"symbols" text[] DEFAULT '{}'::text[] NOT NULL,
	"author" text,
	"author_id" text,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"category" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_sources_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_source_id_news_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."news_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_source_guid_unique" ON "news_items" USING btree ("source_id","guid") WHERE "news_items"."guid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_canonical_url_unique" ON "news_items" USING btree ("canonical_url") WHERE "news_items"."canonical_url" is not null;--> statement-breakpoint
CREATE INDEX "news_items_published_idx" ON "news_items" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "news_items_category_published_idx" ON "news_items" USING btree ("category","published_at");--> statement-breakpoint
CREATE INDEX "news_items_symbols_idx" ON "news_items" USING gin ("symbols");