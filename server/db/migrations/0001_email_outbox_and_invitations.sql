ALTER TABLE "email_notifications" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "email_notifications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_notifications" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation_tokens" ADD COLUMN "custom_message" text;--> statement-breakpoint
ALTER TABLE "invitation_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_notifications_due_idx" ON "email_notifications" USING btree ("next_attempt_at") WHERE "email_notifications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_tokens_open_email_unique" ON "invitation_tokens" USING btree (lower("email")) WHERE "invitation_tokens"."accepted_at" is null and "invitation_tokens"."revoked_at" is null;