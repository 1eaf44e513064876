CREATE TABLE "dreams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title_enc" "bytea" NOT NULL,
	"is_title_derived" boolean DEFAULT false NOT NULL,
	"content_enc" "bytea" NOT NULL,
	"notes_enc" "bytea",
	"tags_enc" "bytea" NOT NULL,
	"summary_enc" "bytea" NOT NULL,
	"tag_tokens" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"search_tokens" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"dreamt_on" date NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"mood" smallint,
	"emotions" text[] DEFAULT '{}'::text[] NOT NULL,
	"lucidity" smallint DEFAULT 0 NOT NULL,
	"vividness" smallint,
	"sleep_quality" smallint,
	"is_nightmare" boolean DEFAULT false NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"deleted_at" timestamp with time zone,
	"purge_after" timestamp with time zone,
	CONSTRAINT "dreams_user_id_idempotency_key_key" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "user_tags" (
	"user_id" uuid NOT NULL,
	"tag_token" bigint NOT NULL,
	"name_enc" "bytea" NOT NULL,
	"use_count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_tags_user_id_tag_token_pk" PRIMARY KEY("user_id","tag_token")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"is_time_zone_set" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'pt-BR' NOT NULL,
	"theme" text DEFAULT 'dark' NOT NULL,
	"plan" text DEFAULT 'dreamer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"wrapped_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dreams" ADD CONSTRAINT "dreams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_keys" ADD CONSTRAINT "user_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dreams_user_id_list_idx" ON "dreams" USING btree ("user_id","dreamt_on","recorded_at","id") WHERE "dreams"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "dreams_search_tokens_idx" ON "dreams" USING gin ("search_tokens") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dreams_tag_tokens_idx" ON "dreams" USING gin ("tag_tokens") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dreams_purge_after_idx" ON "dreams" USING btree ("purge_after") WHERE "dreams"."purge_after" is not null;