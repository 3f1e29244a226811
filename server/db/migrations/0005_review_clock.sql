CREATE TYPE "public"."review_clock_job_kind" AS ENUM('close', 'reminder');--> statement-breakpoint
CREATE TYPE "public"."review_clock_job_state" AS ENUM('scheduled', 'done', 'skipped', 'cancelled');--> statement-breakpoint
CREATE TABLE "review_clock_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "review_clock_job_kind" NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"offset_label" text NOT NULL,
	"offset_minutes" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"state" "review_clock_job_state" DEFAULT 'scheduled' NOT NULL,
	"finished_at" timestamp with time zone,
	"sent_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_clock_jobs_key" UNIQUE("kind","deadline","offset_minutes")
);
--> statement-breakpoint
CREATE TABLE "review_reminder_receipts" (
	"reviewer_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"offset_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reminder_receipts_pkey" PRIMARY KEY("reviewer_id","deadline","offset_minutes")
);
--> statement-breakpoint
ALTER TABLE "review_reminder_receipts" ADD CONSTRAINT "review_reminder_receipts_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_clock_jobs_due_idx" ON "review_clock_jobs" USING btree ("run_at") WHERE "review_clock_jobs"."state" = 'scheduled';--> statement-breakpoint
-- The instant a stored `review_deadline` names, or null: '' (no deadline) and a value that is not
-- an instant (a row written by hand) read as no deadline instead of failing every statement that
-- embeds the review clock (server/modules/settings/queries.ts). The settings call accepts only
-- instants with an offset (shared/review-clock.ts), whose reading does not depend on the session.
CREATE FUNCTION "assay_instant"(value text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF value IS NULL OR value !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$' THEN
    RETURN NULL;
  END IF;
  RETURN value::timestamptz;
EXCEPTION WHEN others THEN
  RETURN NULL;
END;
$$;
