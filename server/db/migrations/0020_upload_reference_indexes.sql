CREATE INDEX "application_documents_upload_idx" ON "application_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "beneficiary_documents_upload_idx" ON "beneficiary_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "chat_documents_upload_idx" ON "chat_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "payment_documents_upload_idx" ON "payment_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "payment_order_files_upload_idx" ON "payment_order_files" USING btree ("upload_id");