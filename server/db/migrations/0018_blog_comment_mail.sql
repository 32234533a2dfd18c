ALTER TABLE "users" ADD COLUMN "blog_comment_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD COLUMN "author_told_at" timestamp with time zone;