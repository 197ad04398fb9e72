CREATE TABLE "registry_collaborator_invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registry_id" bigint NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" bigint,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registry_collaborators" (
	"registry_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"invited_by" bigint,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registry_collaborator_invites" ADD CONSTRAINT "registry_collaborator_invites_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborator_invites" ADD CONSTRAINT "registry_collaborator_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborator_invites" ADD CONSTRAINT "registry_collaborator_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborators" ADD CONSTRAINT "registry_collaborators_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborators" ADD CONSTRAINT "registry_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborators" ADD CONSTRAINT "registry_collaborators_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registry_collaborator_invites_token_key" ON "registry_collaborator_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "registry_collaborator_invites_registry_idx" ON "registry_collaborator_invites" USING btree ("registry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_collaborators_key" ON "registry_collaborators" USING btree ("registry_id","user_id");--> statement-breakpoint
CREATE INDEX "registry_collaborators_user_idx" ON "registry_collaborators" USING btree ("user_id");