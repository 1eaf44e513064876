CREATE TABLE "user_achievements" (
	"user_id" uuid NOT NULL,
	"achievement_token" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_achievements_user_id_achievement_token_pk" PRIMARY KEY("user_id","achievement_token")
);
--> statement-breakpoint
CREATE TABLE "user_streak_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_streak_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "user_streak_days_kind_check" CHECK ("user_streak_days"."kind" in ('no_recall', 'freeze'))
);
--> statement-breakpoint
CREATE TABLE "user_streak_freezes" (
	"user_id" uuid NOT NULL,
	"earned_on" date NOT NULL,
	"spent_on" date,
	CONSTRAINT "user_streak_freezes_user_id_earned_on_pk" PRIMARY KEY("user_id","earned_on")
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "detail_enc" "bytea";--> statement-breakpoint
ALTER TABLE "user_journal_stats" ADD COLUMN "detailed_dream_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_streak_days" ADD CONSTRAINT "user_streak_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_streak_freezes" ADD CONSTRAINT "user_streak_freezes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dreams_user_id_lucid_idx" ON "dreams" USING btree ("user_id") WHERE "dreams"."deleted_at" is null and "dreams"."lucidity" > 0;--> statement-breakpoint
CREATE INDEX "dreams_user_id_nightmare_idx" ON "dreams" USING btree ("user_id") WHERE "dreams"."deleted_at" is null and "dreams"."is_nightmare";--> statement-breakpoint
CREATE INDEX "dreams_user_id_recurring_idx" ON "dreams" USING btree ("user_id") WHERE "dreams"."deleted_at" is null and "dreams"."is_recurring";--> statement-breakpoint
-- Every journal is recounted once by its next read: the count of detailed dreams is new, and the recorded days now
-- leave out backdated dreams (docs/decisions/026).
UPDATE "user_journal_stats" SET "is_built" = false;