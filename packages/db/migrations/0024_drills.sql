CREATE TABLE "drill_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"drill_id" text NOT NULL,
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"session_id" text,
	"state" text NOT NULL,
	"passed" boolean,
	"score" integer,
	"r_best" numeric(12, 4),
	"result" jsonb,
	"fills" jsonb,
	"chart" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drills" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"after_video_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"symbol" text NOT NULL,
	"day" text NOT NULL,
	"start_at" text NOT NULL,
	"starting_balance" numeric(20, 6) NOT NULL,
	"task" text NOT NULL,
	"direction" text NOT NULL,
	"stop_required" boolean DEFAULT true NOT NULL,
	"max_risk_percent" numeric(8, 4),
	"target_r" numeric(8, 4) NOT NULL,
	"time_limit_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drill_attempts" ADD CONSTRAINT "drill_attempts_drill_id_drills_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."drills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_attempts" ADD CONSTRAINT "drill_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_attempts" ADD CONSTRAINT "drill_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_attempts" ADD CONSTRAINT "drill_attempts_session_id_practice_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."practice_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drills" ADD CONSTRAINT "drills_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drills" ADD CONSTRAINT "drills_after_video_id_videos_id_fk" FOREIGN KEY ("after_video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drills" ADD CONSTRAINT "drills_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drill_attempts_user_drill_idx" ON "drill_attempts" USING btree ("user_id","drill_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drill_attempts_session_unique" ON "drill_attempts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "drills_course_idx" ON "drills" USING btree ("course_id","after_video_id","position");