CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"subject" text NOT NULL,
	"subject_path" text,
	"detail" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "incidents_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "paystack_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "paystack_events_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_resolution" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "incidents_open_idx" ON "incidents" USING btree ("resolved_at","opened_at");