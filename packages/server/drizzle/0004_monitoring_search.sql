DROP INDEX "opdrachten_changed_idx";--> statement-breakpoint
DROP INDEX "leveringen_changed_idx";--> statement-breakpoint
CREATE INDEX "leveringen_created_idx" ON "leveringen" USING btree ("created","levering_id");--> statement-breakpoint
CREATE INDEX "leveringen_opdrachtgever_idx" ON "leveringen" USING btree ("opdrachtgever","changed","levering_id");--> statement-breakpoint
CREATE INDEX "leveringen_opdrachtnemer_idx" ON "leveringen" USING btree ("opdrachtnemer","changed","levering_id");--> statement-breakpoint
CREATE INDEX "messages_next_aansluiting_idx" ON "messages" USING btree ((case when "delivered_at" is null then "next_attempt" end),"seq") WHERE "messages"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_next_hoofdnet_idx" ON "messages" USING btree ((case when "delivered_at" is null then "next_attempt" end),"seq") WHERE "messages"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_created_aansluiting_idx" ON "messages" USING btree ("created","seq") WHERE "messages"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_created_hoofdnet_idx" ON "messages" USING btree ("created","seq") WHERE "messages"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_sender_aansluiting_idx" ON "messages" USING btree ("sender",(case when "delivered_at" is null then "next_attempt" end),"seq") WHERE "messages"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_sender_hoofdnet_idx" ON "messages" USING btree ("sender",(case when "delivered_at" is null then "next_attempt" end),"seq") WHERE "messages"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_receiver_aansluiting_idx" ON "messages" USING btree ("receiver",(case when "delivered_at" is null then "next_attempt" end),"seq","sender") WHERE "messages"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_receiver_hoofdnet_idx" ON "messages" USING btree ("receiver",(case when "delivered_at" is null then "next_attempt" end),"seq","sender") WHERE "messages"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "messages_failed_aansluiting_idx" ON "messages" USING btree ((case when "delivered_at" is null then "next_attempt" end),"seq") WHERE "messages"."versienummer" <> 'h1.0' and "messages"."failed_attempts" > 0;--> statement-breakpoint
CREATE INDEX "messages_failed_hoofdnet_idx" ON "messages" USING btree ((case when "delivered_at" is null then "next_attempt" end),"seq") WHERE "messages"."versienummer" = 'h1.0' and "messages"."failed_attempts" > 0;--> statement-breakpoint
CREATE INDEX "messages_uitval_aansluiting_idx" ON "messages" USING btree ("opdracht_id","seq") WHERE "messages"."versienummer" <> 'h1.0' and "messages"."failed_attempts" > 0 and "messages"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "messages_uitval_hoofdnet_idx" ON "messages" USING btree ("opdracht_id","seq") WHERE "messages"."versienummer" = 'h1.0' and "messages"."failed_attempts" > 0 and "messages"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "opdrachten_changed_aansluiting_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_changed_hoofdnet_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_open_aansluiting_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."versienummer" <> 'h1.0' and "opdrachten"."status" < 900 and not "opdrachten"."in_error";--> statement-breakpoint
CREATE INDEX "opdrachten_open_hoofdnet_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."versienummer" = 'h1.0' and "opdrachten"."status" < 900 and not "opdrachten"."in_error";--> statement-breakpoint
CREATE INDEX "opdrachten_error_idx" ON "opdrachten" USING btree ("changed","opdracht_id") WHERE "opdrachten"."in_error";--> statement-breakpoint
CREATE INDEX "opdrachten_created_aansluiting_idx" ON "opdrachten" USING btree ("created","opdracht_id") WHERE "opdrachten"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_created_hoofdnet_idx" ON "opdrachten" USING btree ("created","opdracht_id") WHERE "opdrachten"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_opdrachtgever_aansluiting_idx" ON "opdrachten" USING btree ("opdrachtgever","changed","opdracht_id") WHERE "opdrachten"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_opdrachtgever_hoofdnet_idx" ON "opdrachten" USING btree ("opdrachtgever","changed","opdracht_id") WHERE "opdrachten"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_opdrachtnemer_aansluiting_idx" ON "opdrachten" USING btree ("opdrachtnemer","changed","opdracht_id") WHERE "opdrachten"."versienummer" <> 'h1.0';--> statement-breakpoint
CREATE INDEX "opdrachten_opdrachtnemer_hoofdnet_idx" ON "opdrachten" USING btree ("opdrachtnemer","changed","opdracht_id") WHERE "opdrachten"."versienummer" = 'h1.0';--> statement-breakpoint
CREATE INDEX "leveringen_changed_idx" ON "leveringen" USING btree ("changed","levering_id");