CREATE TYPE "public"."discussion_digest_reason" AS ENUM('mention', 'participant');--> statement-breakpoint
CREATE TYPE "public"."discussion_revision_kind" AS ENUM('edit', 'delete');--> statement-breakpoint
CREATE TYPE "public"."discussion_thread_state" AS ENUM('open', 'resolved');--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'discussion_digest';--> statement-breakpoint
CREATE TABLE "discussion_digest_items" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"reason" "discussion_digest_reason" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	CONSTRAINT "discussion_digest_items_pkey" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_digest_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"kind" "discussion_revision_kind" NOT NULL,
	"body" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "discussion_posts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opportunity_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"hidden_reason" text,
	CONSTRAINT "discussion_posts_body_length" CHECK (char_length("discussion_posts"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "discussion_reads" (
	"user_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"last_read_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reads_pkey" PRIMARY KEY("user_id","opportunity_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_threads" (
	"opportunity_id" uuid PRIMARY KEY NOT NULL,
	"state" "discussion_thread_state" DEFAULT 'open' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"agenda" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"current_index" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_state_single_row" CHECK ("meeting_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "discussion_digest_items" ADD CONSTRAINT "discussion_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_digest_items" ADD CONSTRAINT "discussion_digest_items_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_digest_state" ADD CONSTRAINT "discussion_digest_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_post_revisions" ADD CONSTRAINT "discussion_post_revisions_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_state" ADD CONSTRAINT "meeting_state_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_digest_items_pending_idx" ON "discussion_digest_items" USING btree ("user_id","created_at") WHERE "discussion_digest_items"."sent_at" is null and "discussion_digest_items"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX "discussion_post_revisions_post_idx" ON "discussion_post_revisions" USING btree ("post_id","changed_at");--> statement-breakpoint
CREATE INDEX "discussion_posts_thread_idx" ON "discussion_posts" USING btree ("opportunity_id","seq");--> statement-breakpoint
CREATE INDEX "discussion_posts_author_idx" ON "discussion_posts" USING btree ("author_id","opportunity_id");