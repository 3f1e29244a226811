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
-- The instant a stored `review_deadline` names, or null: a value that is not an instant (a row
-- written by hand) reads as no deadline instead of failing every statement that embeds the review
-- clock (server/modules/settings/queries.ts). It checks instead of catching a cast error: an
-- EXCEPTION block would start a subtransaction in every save while a deadline is set (decision
-- 0028). The settings call accepts only what this accepts (shared/review-clock.ts): an instant
-- with an offset, whose reading does not depend on the session's time zone. STRICT: with no
-- deadline (null) PostgreSQL does not call it at all.
CREATE FUNCTION "assay_instant"(value text) RETURNS timestamptz LANGUAGE plpgsql STABLE STRICT AS $$
BEGIN
  IF value !~ '^[1-9]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-5]):[0-5]\d)$' THEN
    RETURN NULL;
  END IF;
  -- The day exists in its month (no 30 February): the first of a month always does.
  IF substr(value, 9, 2)::int > extract(day from make_date(substr(value, 1, 4)::int, substr(value, 6, 2)::int, 1) + interval '1 month' - interval '1 day') THEN
    RETURN NULL;
  END IF;
  RETURN value::timestamptz;
END;
$$;
