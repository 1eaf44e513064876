CREATE TABLE "dream_sign_pins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"sign_hash" text NOT NULL,
	"sign_enc" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dream_sign_pins_user_sign" UNIQUE("user_id","sign_hash")
);
--> statement-breakpoint
CREATE TABLE "monthly_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"language" text NOT NULL,
	"dream_count" integer NOT NULL,
	"result_enc" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "monthly_reports_user_month" UNIQUE("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "user_dream_buckets" (
	"user_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"bucket" date NOT NULL,
	"dreams" integer NOT NULL,
	"lucid" integer NOT NULL,
	"lucidity_sum" integer NOT NULL,
	"nightmares" integer NOT NULL,
	"mood_sum" integer NOT NULL,
	"mood_count" integer NOT NULL,
	"vividness_sum" integer NOT NULL,
	"vividness_count" integer NOT NULL,
	"emotions" jsonb NOT NULL,
	"mood_sleep" jsonb NOT NULL,
	"tags" jsonb NOT NULL,
	CONSTRAINT "user_dream_buckets_user_id_grain_bucket_pk" PRIMARY KEY("user_id","grain","bucket"),
	CONSTRAINT "user_dream_buckets_grain_check" CHECK ("user_dream_buckets"."grain" in ('week', 'month'))
);
--> statement-breakpoint
ALTER TABLE "user_journal_stats" ADD COLUMN "are_buckets_built" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dream_sign_pins" ADD CONSTRAINT "dream_sign_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_dream_buckets" ADD CONSTRAINT "user_dream_buckets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;