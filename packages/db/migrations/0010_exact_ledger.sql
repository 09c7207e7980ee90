-- Books written before the exact ledger may hold what its constraints now refuse: a second fill
-- of one order (kept as a fill without an order, so balances are not rewritten behind anyone's back;
-- `npm run cli -- ledger:check` reports such accounts) and quantities stored as 0 by the old scale.
UPDATE "fills" SET "order_id" = NULL WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (PARTITION BY "order_id" ORDER BY "created_at", "id") AS "rn"
		FROM "fills" WHERE "order_id" IS NOT NULL
	) AS "numbered" WHERE "rn" > 1
);--> statement-breakpoint
DELETE FROM "fills" WHERE "quantity" <= 0;--> statement-breakpoint
DELETE FROM "orders" WHERE "quantity" <= 0;--> statement-breakpoint
DELETE FROM "positions" WHERE "quantity" = 0;--> statement-breakpoint
CREATE TABLE "leader_epochs" (
	"name" text PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fills" ALTER COLUMN "quantity" SET DATA TYPE numeric(28, 8);--> statement-breakpoint
ALTER TABLE "fills" ALTER COLUMN "price" SET DATA TYPE numeric(28, 10);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "quantity" SET DATA TYPE numeric(28, 8);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "price" SET DATA TYPE numeric(28, 10);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "stop_loss" SET DATA TYPE numeric(28, 10);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "take_profit" SET DATA TYPE numeric(28, 10);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "fill_price" SET DATA TYPE numeric(28, 10);--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "quantity" SET DATA TYPE numeric(28, 8);--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "average_price" SET DATA TYPE numeric(28, 10);--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "stop_loss" SET DATA TYPE numeric(28, 10);--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "take_profit" SET DATA TYPE numeric(28, 10);--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "fee" numeric(20, 6) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "fx_rate" numeric(28, 10) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "lot_step" numeric(28, 8) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "min_quantity" numeric(28, 8) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "fills_order_unique" ON "fills" USING btree ("order_id") WHERE "fills"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_quantity_positive" CHECK ("fills"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quantity_positive" CHECK ("orders"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_quantity_nonzero" CHECK ("positions"."quantity" <> 0);--> statement-breakpoint
-- Lot steps and minimums of the sample instruments (new databases get them from the seed).
UPDATE "instruments" SET "lot_step" = 0.1, "min_quantity" = 0.1 WHERE "symbol" IN ('EURUSD', 'GBPUSD', 'NAS100');--> statement-breakpoint
UPDATE "instruments" SET "lot_step" = 0.01, "min_quantity" = 0.01 WHERE "symbol" = 'XAUUSD';--> statement-breakpoint
UPDATE "instruments" SET "lot_step" = 0.0001, "min_quantity" = 0.0001 WHERE "symbol" = 'BTCUSD';--> statement-breakpoint
UPDATE "instruments" SET "lot_step" = 0.001, "min_quantity" = 0.001 WHERE "symbol" = 'ETHUSD';
