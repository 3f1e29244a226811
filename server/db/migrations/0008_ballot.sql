CREATE TABLE "ballots" (
	"reviewer_id" uuid PRIMARY KEY NOT NULL,
	"ranking" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ballots_ranking_is_array" CHECK (jsonb_typeof("ballots"."ranking") = 'array')
);
--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;