CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint_hash" text NOT NULL,
	"subscription_enc" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_user_endpoint" UNIQUE("user_id","endpoint_hash")
);
--> statement-breakpoint
CREATE TABLE "reminder_schedule" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"slot" integer NOT NULL,
	"fire_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_schedule_user_id_kind_slot_pk" PRIMARY KEY("user_id","kind","slot"),
	CONSTRAINT "reminder_schedule_kind_check" CHECK ("reminder_schedule"."kind" in ('morning', 'reality'))
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_morning_enabled" boolean NOT NULL,
	"morning_time" text NOT NULL,
	"is_reality_check_enabled" boolean NOT NULL,
	"reality_check_count" integer NOT NULL,
	"reality_check_from" text NOT NULL,
	"reality_check_to" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_settings_count_check" CHECK ("reminder_settings"."reality_check_count" between 1 and 12),
	CONSTRAINT "reminder_settings_window_check" CHECK ("reminder_settings"."reality_check_from" < "reminder_settings"."reality_check_to")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedule" ADD CONSTRAINT "reminder_schedule_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_schedule_fire_at_idx" ON "reminder_schedule" USING btree ("fire_at");