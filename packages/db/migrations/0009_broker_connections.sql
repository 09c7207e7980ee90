CREATE TABLE "broker_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"broker" text NOT NULL,
	"credentials" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"summary" jsonb,
	"last_sync_at" timestamp with time zone,
	"last_sync_result" text,
	"last_sync_imported" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker_fills" (
	"connection_id" text NOT NULL,
	"broker_fill_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"fee" numeric(20, 6) DEFAULT 0 NOT NULL,
	"executed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broker_connections" ADD CONSTRAINT "broker_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_fills" ADD CONSTRAINT "broker_fills_connection_id_broker_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."broker_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broker_connections_user_broker_unique" ON "broker_connections" USING btree ("user_id","broker");--> statement-breakpoint
CREATE UNIQUE INDEX "broker_fills_connection_fill_unique" ON "broker_fills" USING btree ("connection_id","broker_fill_id");--> statement-breakpoint
CREATE INDEX "broker_fills_connection_time_idx" ON "broker_fills" USING btree ("connection_id","executed_at");