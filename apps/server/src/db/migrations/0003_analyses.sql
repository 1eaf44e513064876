CREATE TABLE "analysis_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"month" text NOT NULL,
	"charge" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"analysis_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_idempotency_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "dream_analyses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"dream_id" uuid NOT NULL,
	"dream_version" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"language" text NOT NULL,
	"charge" text NOT NULL,
	"result_enc" "bytea" NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dream_analyses_user_idempotency_key" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "is_granted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_usage" ADD CONSTRAINT "analysis_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_analyses" ADD CONSTRAINT "dream_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_analyses" ADD CONSTRAINT "dream_analyses_dream_id_dreams_id_fk" FOREIGN KEY ("dream_id") REFERENCES "public"."dreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_usage_user_month_idx" ON "analysis_usage" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_created_idx" ON "credit_ledger" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dream_analyses_user_created_idx" ON "dream_analyses" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dream_analyses_dream_idx" ON "dream_analyses" USING btree ("dream_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_amount_nonzero" CHECK ("amount" <> 0);--> statement-breakpoint
CREATE FUNCTION "credit_ledger_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger rows are immutable';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_update" BEFORE UPDATE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION "credit_ledger_immutable"();
