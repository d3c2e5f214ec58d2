CREATE INDEX "fx_requests_hold_tx_idx" ON "fx_requests" USING btree ("hold_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_orders_ledger_tx_idx" ON "payment_orders" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_orders_refund_tx_idx" ON "payment_orders" USING btree ("refund_ledger_transaction_id");