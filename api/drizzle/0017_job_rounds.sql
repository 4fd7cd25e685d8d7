CREATE TABLE "app"."job_rounds" (
	"job" text NOT NULL,
	"round_start" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"detail" text,
	CONSTRAINT "job_rounds_job_round_start_pk" PRIMARY KEY("job","round_start")
);
