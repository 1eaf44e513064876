CREATE TABLE "user_journal_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_built" boolean DEFAULT false NOT NULL,
	"dream_count" integer DEFAULT 0 NOT NULL,
	"analysis_count" integer DEFAULT 0 NOT NULL,
	"days_time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"longest_streak" integer DEFAULT 0 NOT NULL,
	"last_day" date,
	"last_run_start" date,
	"analysis_tally_enc" "bytea",
	"tally_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_recorded_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"dream_count" integer NOT NULL,
	CONSTRAINT "user_recorded_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "user_journal_stats" ADD CONSTRAINT "user_journal_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recorded_days" ADD CONSTRAINT "user_recorded_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;