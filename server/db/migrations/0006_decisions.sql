CREATE TYPE "public"."decision_outcome" AS ENUM('shortlisted', 'accepted', 'waitlisted', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."decision_revision_state" AS ENUM('draft', 'released', 'superseded', 'discarded');--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'decision_letter';--> statement-breakpoint
CREATE TABLE "decision_waitlist" (
	"opportunity_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"outcome" "decision_outcome" NOT NULL,
	"rationale" text DEFAULT '' NOT NULL,
	"state" "decision_revision_state" DEFAULT 'draft' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"evidence" jsonb NOT NULL,
	"letter_to" text,
	"proposed_for" uuid,
	CONSTRAINT "decisions_rationale_length" CHECK (char_length("decisions"."rationale") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "feedback_letter_items" (
	"opportunity_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"field" text NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "feedback_letter_items_pkey" PRIMARY KEY("opportunity_id","reviewer_id","field"),
	CONSTRAINT "feedback_letter_items_field" CHECK ("feedback_letter_items"."field" in ('howToBiggerBetter', 'challenges', 'howToGetGoing', 'otherComments'))
);
--> statement-breakpoint
CREATE TABLE "feedback_letters" (
	"opportunity_id" uuid PRIMARY KEY NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"include_band" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "owner_name" varchar(200);--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "owner_email" varchar(320);--> statement-breakpoint
ALTER TABLE "decision_waitlist" ADD CONSTRAINT "decision_waitlist_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_proposed_for_opportunities_id_fk" FOREIGN KEY ("proposed_for") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_letter_items" ADD CONSTRAINT "feedback_letter_items_opportunity_id_feedback_letters_opportunity_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."feedback_letters"("opportunity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_letter_items" ADD CONSTRAINT "feedback_letter_items_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_letters" ADD CONSTRAINT "feedback_letters_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_letters" ADD CONSTRAINT "feedback_letters_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_opportunity_revision_unique" ON "decisions" USING btree ("opportunity_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_one_draft" ON "decisions" USING btree ("opportunity_id") WHERE "decisions"."state" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_one_released" ON "decisions" USING btree ("opportunity_id") WHERE "decisions"."state" = 'released';--> statement-breakpoint
CREATE INDEX "decisions_current_idx" ON "decisions" USING btree ("opportunity_id") WHERE "decisions"."state" in ('draft', 'released');