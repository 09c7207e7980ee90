CREATE TABLE "learning_links" (
	"id" text PRIMARY KEY NOT NULL,
	"source_kind" text NOT NULL,
	"source_key" text NOT NULL,
	"course_id" text NOT NULL,
	"video_id" bigint,
	"drill_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_links" ADD CONSTRAINT "learning_links_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_links" ADD CONSTRAINT "learning_links_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_links_source_unique" ON "learning_links" USING btree ("source_kind","source_key");--> statement-breakpoint
CREATE INDEX "learning_links_course_idx" ON "learning_links" USING btree ("course_id");