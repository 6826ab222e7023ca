DROP INDEX "opdrachten_error_idx";--> statement-breakpoint
DROP INDEX "messages_uitval_aansluiting_idx";--> statement-breakpoint
DROP INDEX "messages_uitval_hoofdnet_idx";--> statement-breakpoint
DROP INDEX "opdrachten_opdrachtgever_aansluiting_idx";--> statement-breakpoint
DROP INDEX "opdrachten_opdrachtgever_hoofdnet_idx";--> statement-breakpoint
DROP INDEX "opdrachten_opdrachtnemer_aansluiting_idx";--> statement-breakpoint
DROP INDEX "opdrachten_opdrachtnemer_hoofdnet_idx";--> statement-breakpoint
CREATE INDEX "messages_type_aansluiting_idx" ON "messages" USING btree ("type",(case when "delivered_at" is null then "next_attempt" end),"seq") WHERE "messages"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_type_hoofdnet_idx" ON "messages" USING btree ("type",(case when "delivered_at" is null then "next_attempt" end),"seq") WHERE "messages"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_finished_aansluiting_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."versienummer" <> 'h1.0' and "opdrachten"."status" >= 900 and not "opdrachten"."in_error";--> statement-breakpoint
CREATE INDEX "opdrachten_finished_hoofdnet_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."versienummer" = 'h1.0' and "opdrachten"."status" >= 900 and not "opdrachten"."in_error";--> statement-breakpoint
CREATE INDEX "opdrachten_error_aansluiting_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."versienummer" <> 'h1.0' and "opdrachten"."in_error";--> statement-breakpoint
CREATE INDEX "opdrachten_error_hoofdnet_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."versienummer" = 'h1.0' and "opdrachten"."in_error";--> statement-breakpoint
CREATE INDEX "messages_uitval_aansluiting_idx" ON "messages" USING btree ("opdracht_id","seq","sender","receiver","type") WHERE "messages"."versienummer" <> 'h1.0' and "messages"."failed_attempts" > 0 and "messages"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "messages_uitval_hoofdnet_idx" ON "messages" USING btree ("opdracht_id","seq","sender","receiver","type") WHERE "messages"."versienummer" = 'h1.0' and "messages"."failed_attempts" > 0 and "messages"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "opdrachten_opdrachtgever_aansluiting_idx" ON "opdrachten" USING btree ("opdrachtgever","changed","opdracht_id","status","in_error") WHERE "opdrachten"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_opdrachtgever_hoofdnet_idx" ON "opdrachten" USING btree ("opdrachtgever","changed","opdracht_id","status","in_error") WHERE "opdrachten"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_opdrachtnemer_aansluiting_idx" ON "opdrachten" USING btree ("opdrachtnemer","changed","opdracht_id","status","in_error") WHERE "opdrachten"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_opdrachtnemer_hoofdnet_idx" ON "opdrachten" USING btree ("opdrachtnemer","changed","opdracht_id","status","in_error") WHERE "opdrachten"."versienummer" = 'h1.0';