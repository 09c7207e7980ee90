CREATE TABLE "learner_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"playback_rate" double precision DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_preferences_playback_rate_allowed" CHECK ("learner_preferences"."playback_rate" in (0.5, 0.75, 1, 1.25, 1.5, 1.75, 2))
);
--> statement-breakpoint
CREATE TABLE "lesson_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"video_id" bigint NOT NULL,
	"at_seconds" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_notes_body_length" CHECK (char_length("lesson_notes"."body") <= 5000),
	CONSTRAINT "lesson_notes_at_seconds_positive" CHECK ("lesson_notes"."at_seconds" is null or "lesson_notes"."at_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "learner_preferences" ADD CONSTRAINT "learner_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_notes_user_video_idx" ON "lesson_notes" USING btree ("user_id","video_id");--> statement-breakpoint
CREATE INDEX "lesson_notes_user_course_idx" ON "lesson_notes" USING btree ("user_id","course_id");