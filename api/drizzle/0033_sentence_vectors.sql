CREATE TABLE "app"."sentence_vectors" (
	"model" text NOT NULL,
	"text_hash" text NOT NULL,
	"scale" real NOT NULL,
	"vector" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sentence_vectors_model_text_hash_pk" PRIMARY KEY("model","text_hash")
);
