/**
 * The ADMIN commands of `npm run bank` (issue 13; docs/ops.md "Rates", "Tariffs and fees",
 * "Settings flags"): exchange rates and the spread, tariffs and fees, settings flags. The same
 * decisions as /ops/rates, /ops/tariffs and /ops/settings (server/domain/ops/admin.ts), each
 * audited in its own transaction with the command line as the actor (`source` cli, no staff
 * user, or the staff user named with `--staff`). ./commands.ts hands these command lines to
 * `parseAdminArgs` and runs them with `runAdminCommand`.
 */
import type { Database } from "../db/client.js";
import { listRates, parseRatePair } from "../domain/exchange/bank-rates.js";
import { FEE_KINDS, listTariffs, organizationFeesForStaff } from "../domain/fees/admin.js";
import { FLAGS, listSettingFlags } from "../domain/settings/flags.js";
import {
  assignTariffAsStaff,
  clearRateAsStaff,
  createTariffAsStaff,
  removeFeeAsStaff,
  setFeeAsStaff,
  setRateAsStaff,
  setDefaultTariffAsStaff,
  setSettingAsStaff,
  setSpreadAsStaff,
  setSolPriceAsStaff,
} from "../domain/ops/admin.js";
import { CLI_ACTOR, type StaffActor } from "../domain/ops/audit.js";
import type { Fee, OpsSetFeeRequest } from "../api/v1/contract.js";
import { DomainError } from "../domain/errors.js";
import { UsageError } from "./usage-error.js";

/** A parsed ADMIN command line. */
export type AdminCommand =
  | { command: "rate:list" }
  | { command: "rate:set"; currencyId: string; unitsPerEur: string; confirm: boolean }
  | { command: "rate:clear"; currencyId: string }
  | { command: "rate:spread"; percent: string }
  | { command: "rate:sol"; priceUsd: string }
  | { command: "tariff:list" }
  | { command: "tariff:create"; name: string }
  | { command: "tariff:assign"; organizationId: string; tariffId: string | null }
  | { command: "tariff:default"; tariffId: string }
  | { command: "fee:list"; organizationId: string }
  | { command: "fee:set"; fee: OpsSetFeeRequest }
  | { command: "fee:remove"; feeId: string }
  | { command: "setting:list"; organizationId: string | null }
  | { command: "setting:set"; key: string; value: boolean | null; organizationId: string | null };

/** The command names handled here. */
export const ADMIN_COMMANDS: ReadonlySet<string> = new Set([
  "rate:list",
  "rate:set",
  "rate:clear",
  "rate:spread",
  "rate:sol",
  "tariff:list",
  "tariff:create",
  "tariff:assign",
  "tariff:default",
  "fee:list",
  "fee:set",
  "fee:remove",
  "setting:list",
  "setting:set",
]);

/** Whether a parsed command is an ADMIN one. */
export function isAdminCommand(cmd: { command: string }): cmd is AdminCommand {
  return ADMIN_COMMANDS.has(cmd.command);
}

/** The ADMIN part of `npm run bank -- --help`. */
export const ADMIN_USAGE = `  rate:list                                   exchange rates in force (units per 1 EUR), their source
                                              (ECB, BANK = set by staff, DERIVED = pegs and crypto
                                              prices) and date, and the spread
  rate:set <EUR/CUR> <units per EUR> [--confirm]
                                              set a currency's rate (e.g. rate:set EUR/USD 1.0850): in
                                              force for the next quote until a newer ECB day is loaded;
                                              a change over 10 % from the rate in force needs --confirm
  rate:clear <CUR>                            withdraw the rates staff set for a currency (its ECB rate
                                              is in force again)
  rate:spread <percent>                       the spread taken off the mid rate, e.g. 0.50
  rate:sol <USD>                              the SOL reference price, USD per 1 SOL (no market feed)
  tariff:list                                 tariffs with their fees (fee ids) and organizations
  tariff:create "<name>"                      a new tariff (no fees; not the default)
  tariff:assign <organizationId> <tariffId|default>
                                              put an organization on a tariff (or back on the default)
  tariff:default <tariffId> --confirm         make a tariff the default: every organization without a
                                              tariff of its own pays it from its next payment
  fee:list <organizationId>                   an organization's tariff in force and its own fees
  fee:set (--tariff <id> | --organization <id>) --kind <KIND> [--type <TYPE>] [--currency <CUR>]
          --name "<name>" (--fixed <amount> [--fee-currency <CUR>] | --percent <p> [--min <a>] [--max <a>])
                                              set the fee of a tariff, or agreed for one organization
                                              (wins over its tariff), for payments of KIND
                                              (${FEE_KINDS.join(", ")}), optionally only
                                              of one provider TYPE and currency; replaces the fee with
                                              the same owner, kind, type and currency; in force from
                                              the next payment
  fee:remove <feeId>                          remove a fee (payments fall back to the tariff, or are free)
  setting:list [--organization <id>]          settings flags, bank-wide and (with --organization) the
                                              organization's own values
  setting:set <KEY> <true|false|inherit> [--organization <id>]
                                              set a flag bank-wide, or for one organization ("inherit":
                                              follow the bank-wide value): ${FLAGS.map((f) => f.key).join(", ")}
`;

/** Options each command takes (name → whether it has a value). */
const OPTIONS: Record<string, Record<string, boolean>> = {
  "rate:set": { confirm: false },
  "tariff:default": { confirm: false },
  "fee:set": {
    tariff: true,
    organization: true,
    kind: true,
    type: true,
    currency: true,
    name: true,
    fixed: true,
    "fee-currency": true,
    percent: true,
    min: true,
    max: true,
  },
  "setting:list": { organization: true },
  "setting:set": { organization: true },
};

/**
 * Parse an ADMIN command line (argv[0] is one of ADMIN_COMMANDS).
 * @param argv e.g. ["rate:set", "EUR/USD", "1.0850"] (`--name value` and `--name=value` both work)
 * @throws UsageError (unknown option, missing or extra argument, malformed pair, value or flag)
 */
export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  const command = argv[0];
  const allowed = OPTIONS[command] ?? {};
  const opts: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (!(name in allowed)) throw new UsageError(`${command} takes no --${name}`);
    if (name in opts) throw new UsageError(`--${name} given twice`);
    if (!allowed[name]) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      opts[name] = true;
    } else if (eq >= 0) opts[name] = arg.slice(eq + 1);
    else {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value`);
      opts[name] = argv[++i];
    }
  }
  const str = (name: string) => (typeof opts[name] === "string" ? (opts[name] as string) : null);
  const arity = (n: number, what: string) => {
    if (positional.length < n) throw new UsageError(`${command} needs ${what}`);
    if (positional.length > n) throw new UsageError(`Unexpected argument ${positional[n]}`);
  };
  switch (command) {
    case "rate:list":
    case "tariff:list":
      arity(0, "no argument");
      return { command };
    case "rate:set": {
      arity(2, "a pair and a rate: rate:set EUR/USD 1.0850");
      let currencyId: string;
      try {
        currencyId = parseRatePair(positional[0]);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        throw new UsageError(
          typeof err.body === "string" ? err.body : err.body.flatMap((e) => Object.values(e.constraints)).join("; "),
        );
      }
      return { command, currencyId, unitsPerEur: positional[1], confirm: opts.confirm === true };
    }
    case "rate:clear":
      arity(1, "a currency: rate:clear USD");
      return { command, currencyId: positional[0].toUpperCase() };
    case "rate:spread":
      arity(1, "a percent: rate:spread 0.50");
      return { command, percent: positional[0] };
    case "rate:sol":
      arity(1, "a price in USD: rate:sol 150.25");
      return { command, priceUsd: positional[0] };
    case "tariff:create":
      arity(1, 'a name: tariff:create "Business"');
      return { command, name: positional[0] };
    case "tariff:assign":
      arity(2, "an organization id and a tariff id (or default)");
      return { command, organizationId: positional[0], tariffId: positional[1] === "default" ? null : positional[1] };
    case "tariff:default":
      arity(1, "a tariff id (tariff:list shows them)");
      if (opts.confirm !== true) throw new UsageError("tariff:default reprices every organization on the default: add --confirm");
      return { command, tariffId: positional[0] };
    case "fee:list":
      arity(1, "an organization id");
      return { command, organizationId: positional[0] };
    case "fee:remove":
      arity(1, "a fee id (tariff:list shows them)");
      return { command, feeId: positional[0] };
    case "setting:list":
      arity(0, "no argument");
      return { command, organizationId: str("organization") };
    case "setting:set": {
      arity(2, "a key and true, false or inherit");
      const raw = positional[1].toLowerCase();
      if (raw !== "true" && raw !== "false" && raw !== "inherit")
        throw new UsageError(`setting:set needs true, false or inherit, not ${positional[1]}`);
      const organizationId = str("organization");
      if (raw === "inherit" && !organizationId) throw new UsageError("inherit is for one organization: add --organization <id>");
      return { command, key: positional[0].toUpperCase(), value: raw === "inherit" ? null : raw === "true", organizationId };
    }
    case "fee:set": {
      arity(0, "options only");
      const fixed = str("fixed");
      const percent = str("percent");
      if ((fixed === null) === (percent === null)) throw new UsageError("fee:set needs exactly one of --fixed and --percent");
      if (fixed !== null && (str("min") !== null || str("max") !== null))
        throw new UsageError("--min and --max go with --percent");
      if (percent !== null && str("fee-currency") !== null) throw new UsageError("--fee-currency goes with --fixed");
      const kind = str("kind");
      const name = str("name");
      if (!kind) throw new UsageError("fee:set needs --kind");
      if (!name) throw new UsageError('fee:set needs --name "<name>"');
      return {
        command,
        fee: {
          tariffId: str("tariff"),
          organizationId: str("organization"),
          name,
          paymentKind: kind.toUpperCase() as OpsSetFeeRequest["paymentKind"],
          paymentType: str("type")?.toUpperCase() ?? null,
          currencyId: str("currency")?.toUpperCase() ?? null,
          feeAmountType: fixed !== null ? "FIXED" : "PERCENT",
          feeFixedAmount: fixed,
          feeCurrencyId: str("fee-currency")?.toUpperCase() ?? null,
          feePercentAmount: percent,
          feePercentMinAmount: str("min"),
          feePercentMaxAmount: str("max"),
        },
      };
    }
  }
  throw new UsageError(`Unknown command ${command}`);
}

/**
 * Run an ADMIN command.
 * @param actor the command line (default), or the staff user named at it (checked by the caller)
 * @returns the text to print
 * @throws DomainError from the domain function (VALIDATION_FAILED, NOT_FOUND)
 */
export async function runAdminCommand(db: Database, cmd: AdminCommand, actor: StaffActor = CLI_ACTOR): Promise<string> {
  switch (cmd.command) {
    case "rate:list": {
      const r = await listRates(db);
      const lines = r.rates.map(
        (l) =>
          `${l.currencyId.padEnd(5)} ${(l.unitsPerEur ?? "—").padEnd(20)} ${(l.source ?? "no rate").padEnd(8)} ${l.date ?? ""}`,
      );
      return [`Rates in force (units per 1 EUR), newest ${r.date ?? "none"}; spread ${r.spreadPercent} %`, ...lines].join("\n");
    }
    case "rate:set": {
      const c = await setRateAsStaff(db, actor, {
        currencyId: cmd.currencyId,
        unitsPerEur: cmd.unitsPerEur,
        confirmLargeChange: cmd.confirm,
      });
      return `EUR/${c.after.currencyId}: ${c.before.unitsPerEur ?? "no rate"} (${c.before.source ?? "—"}) → ${c.after.unitsPerEur} (BANK, ${c.after.date}).`;
    }
    case "rate:clear": {
      const c = await clearRateAsStaff(db, actor, { currencyId: cmd.currencyId });
      return `EUR/${c.after.currencyId}: bank rate ${c.before.unitsPerEur} withdrawn; now ${c.after.unitsPerEur ?? "no rate"} (${c.after.source ?? "—"}).`;
    }
    case "rate:spread": {
      const c = await setSpreadAsStaff(db, actor, { percent: cmd.percent });
      return `Spread: ${c.before.spreadPercent} % → ${c.after.spreadPercent} %.`;
    }
    case "rate:sol": {
      const c = await setSolPriceAsStaff(db, actor, { priceUsd: cmd.priceUsd });
      return `SOL reference price: ${c.before.solPriceUsd} USD → ${c.after.solPriceUsd} USD.`;
    }
    case "tariff:list": {
      const list = await listTariffs(db);
      return list
        .map((t) =>
          [
            `${t.name}${t.isDefault ? " (default)" : ""}  ${t.id}  ${t.organizationCount} organization(s)`,
            ...t.fees.map((f) => `  ${describeFee(f)}`),
          ].join("\n"),
        )
        .join("\n");
    }
    case "tariff:create": {
      const c = await createTariffAsStaff(db, actor, { name: cmd.name });
      return `Tariff ${c.after!.name} created: ${c.after!.id}.`;
    }
    case "tariff:assign": {
      const c = await assignTariffAsStaff(db, actor, { organizationId: cmd.organizationId, tariffId: cmd.tariffId });
      return `Organization ${c.after.organizationId}: tariff ${c.before.tariffName ?? "default"} → ${c.after.tariffName ?? "default"}.`;
    }
    case "tariff:default": {
      const c = await setDefaultTariffAsStaff(db, actor, { tariffId: cmd.tariffId });
      return `Default tariff: ${c.before.tariffName ?? "none"} → ${c.after.tariffName} (${c.after.organizationsOnDefault} organization(s) without a tariff of their own).`;
    }
    case "fee:list": {
      const f = await organizationFeesForStaff(db, cmd.organizationId);
      return [
        `${f.organization.name} (${f.organization.type}): tariff ${f.tariff?.name ?? "none"}${f.organization.tariffId ? "" : " (default)"}`,
        ...(f.customFees.length ? ["Agreed for this organization:", ...f.customFees.map((x) => `  ${describeFee(x)}`)] : []),
        ...(f.tariff ? ["Tariff:", ...f.tariff.fees.map((x) => `  ${describeFee(x)}`)] : []),
      ].join("\n");
    }
    case "fee:set": {
      const c = await setFeeAsStaff(db, actor, cmd.fee);
      return `${c.before ? "Replaced" : "Added"}: ${describeFee(c.after!)}${c.before ? ` (was ${amountOf(c.before)})` : ""}.`;
    }
    case "fee:remove": {
      const c = await removeFeeAsStaff(db, actor, { feeId: cmd.feeId });
      return `Removed: ${describeFee(c.before!)}.`;
    }
    case "setting:list": {
      const flags = await listSettingFlags(db, { organizationId: cmd.organizationId });
      return flags
        .map((f) => {
          const own = f.organizationValue === undefined ? "" : `  organization: ${f.organizationValue ?? "inherit"}`;
          return `${f.key.padEnd(30)} bank: ${f.bankValue}${own}  in force: ${f.effective}${f.scope === "BANK" ? "  (bank-wide only)" : ""}`;
        })
        .join("\n");
    }
    case "setting:set": {
      const c = await setSettingAsStaff(db, actor, { key: cmd.key, value: cmd.value, organizationId: cmd.organizationId });
      const where = cmd.organizationId ? `organization ${cmd.organizationId}` : "bank-wide";
      return `${c.after.key} (${where}): ${c.before.effective} → ${c.after.effective}.`;
    }
  }
}

/** A fee in one line: id, kind/type/currency, name, amount. */
function describeFee(f: Fee): string {
  const scope = [f.paymentKind, f.paymentType ?? "any type", f.currencyId ?? "any currency"].join(" / ");
  return `${f.feeId}  ${scope}  "${f.name}"  ${amountOf(f)}`;
}

/** A fee's amount in words: "10.00 EUR" or "0.2 % (min 10.00, max 100.00)". */
function amountOf(f: Fee): string {
  if (f.feeAmountType === "FIXED") return `${f.feeFixedAmount} ${f.feeCurrencyId ?? "(payment currency)"}`;
  const bounds = [
    f.feePercentMinAmount && `min ${f.feePercentMinAmount}`,
    f.feePercentMaxAmount && `max ${f.feePercentMaxAmount}`,
  ]
    .filter(Boolean)
    .join(", ");
  return `${f.feePercentAmount} %${bounds ? ` (${bounds})` : ""}`;
}
