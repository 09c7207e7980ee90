CREATE TABLE "broker_sign_ins" (
	"user_id" text PRIMARY KEY NOT NULL,
	"broker" text NOT NULL,
	"credentials" text NOT NULL,
	"consent_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "auth_method" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broker_connections" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broker_sign_ins" ADD CONSTRAINT "broker_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;