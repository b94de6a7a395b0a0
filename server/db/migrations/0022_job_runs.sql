CREATE TABLE "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"interval_ms" integer NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text
);
