/**
 * The staff commands of `npm run bank` (design note "Staff decisions … are domain functions
 * first; `npm run bank -- <command>` reaches them until the back office (/ops) does"): argument
 * parsing and the call of the domain function. Run by the CLI (scripts/bank/index.ts) and,
 * inside a running server, by POST /api/staff/bank (./bank-endpoint.ts); tested against a test
 * database.
 *
 * Audit: every command that changes something writes its `staff_audit_log` entry in the same
 * transaction as the change, with the command line as the actor (`source` cli, no staff user;
 * on subjects `staff:cli`). The decisions /ops also takes go through the same audited functions
 * (server/domain/ops/*), so an entry reads the same from either side; the others (brand, ECB
 * rates, agreements, service fees, staff:create) are audited here (`cliAudited`).
 *
 * The person at the keyboard: the global option `--staff <email>` (the CLI's default:
 * BANK_STAFF_EMAIL, `withStaffDefault`) names an existing, active staff user who holds the role
 * /ops asks for the same action (`COMMAND_ROLES`); the entry then has their id, still `source`
 * cli, and subjects record `staff:<id>` as from /ops. An unknown, suspended or unentitled staff
 * user refuses the command before anything is written.
 */
import { BRAND_FIELDS, resetBrand, setBrandField, setBrandLogo, type Brand, type BrandField } from "../domain/brand/index.js";
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/client.js";
import { DomainError, fieldError } from "../domain/errors.js";
import { changePhoneAsStaff } from "../domain/ops/users.js";
import { loadEcbRates } from "../domain/exchange/index.js";
import type {
  Beneficiary,
  BeneficiaryContract,
  FxRequest,
  OpsCard,
  OpsExternalPayment,
  RemittanceOrder,
} from "../api/v1/contract.js";
import { listExternalPayments } from "../domain/payments/settlement.js";
import { REMITTANCE_STATUSES } from "../domain/remittance/index.js";
import { chargeServiceFees, collectOwedServiceFees, isServiceFeeMonth, type OwedCollectionRun } from "../domain/fees/service.js";
import type { ApplicationSummary } from "../api/v1/contract.js";
import { requestAgreement } from "../domain/agreements/index.js";
import { listChannelsAwaitingReply } from "../domain/chat/index.js";
import {
  actorOf,
  auditActor,
  CLI_ACTOR,
  recordStaffAction,
  type StaffActionEntry,
  type StaffActor,
} from "../domain/ops/audit.js";
import { moveCardAsStaff } from "../domain/ops/cards.js";
import { decideApplication } from "../domain/ops/applications.js";
import { replyAsStaff } from "../domain/ops/chat.js";
import { advanceOrderAsStaff, decideBeneficiary, decideContract } from "../domain/ops/decisions.js";
import { decideExternalPayment, decideFxRequestAsStaff, staffPostIncomingPayment } from "../domain/ops/payments.js";
import {
  ADMIN_COMMANDS,
  ADMIN_USAGE,
  isAdminCommand,
  parseAdminArgs,
  runAdminCommand,
  type AdminCommand,
} from "./admin-commands.js";
import { UsageError } from "./usage-error.js";
import { randomBytes } from "node:crypto";
import { activeStaffByEmail, createStaffUser, STAFF_ROLES, type StaffRole, type StaffUser } from "../domain/ops/auth.js";

/** A parsed command line: `help`, or a command to run, with the staff user `--staff` named. */
export type BankCommand =
  | { command: "help" }
  | (RunnableCommand & {
      /** `--staff <email>`: the staff user at the keyboard (audited as the actor). */
      staff?: string;
    });

/** The commands that run (everything but `help`). */
type RunnableCommand =
  | { command: "beneficiary:approve"; id: string }
  | { command: "beneficiary:reject"; id: string; reason: string }
  | { command: "contract:approve"; id: string }
  | { command: "contract:reject"; id: string; reason: string }
  | { command: "application:review"; id: string }
  | { command: "application:approve"; id: string }
  | { command: "application:decline"; id: string; reason: string }
  | { command: "remittance:advance"; id: string; status: string; reason?: string }
  | { command: "fx:accept"; id: string }
  | { command: "fx:reject"; id: string; reason: string }
  | { command: "fees:charge-service"; month: string }
  | { command: "fees:collect-owed" }
  | { command: "rates:load-ecb"; file: string }
  | { command: "agreement:request"; phone: string; agreementId: string }
  | { command: "user:phone"; phone: string; newPhone: string; reason: string }
  | { command: "brand:set"; field: BrandField | "logo"; value: string }
  | { command: "brand:reset" }
  | { command: "chat:reply"; channelId: string; text: string }
  | { command: "chat:list" }
  | { command: "card:issue"; id: string; lastFour: string; expiresOn: string }
  | { command: "card:activate"; id: string }
  | { command: "card:cancel" | "card:void"; id: string; reason: string }
  | { command: "payment:list"; rail?: string; status?: string }
  | { command: "payment:settle"; id: string }
  | { command: "payment:reject"; id: string; reason: string }
  | { command: "payment:refund"; id: string; reason: string }
  | {
      command: "payment:incoming";
      account: string;
      currencyId: string;
      amount: string;
      payerName: string;
      payerAccount?: string;
      reference?: string;
      key?: string;
    }
  | AdminCommand
  | { command: "staff:create"; email: string; phone: string; roles: StaffRole[] };

/**
 * The staff role a command needs when it names a staff user (`--staff`): the role /ops asks for
 * the same action (docs/ops.md "Who may do what"), any of a list; ADMIN for the commands no /ops
 * screen takes (staff:create, brand, ECB rates, service fees, agreements). Read-only commands too,
 * as /ops gates its lists. remittance:advance: either role here, the move's own role is checked by
 * `advanceOrderAsStaff`.
 */
const COMMAND_ROLES: Record<RunnableCommand["command"], StaffRole | readonly StaffRole[]> = {
  "staff:create": "ADMIN",
  "beneficiary:approve": "COMPLIANCE",
  "beneficiary:reject": "COMPLIANCE",
  "contract:approve": "COMPLIANCE",
  "contract:reject": "COMPLIANCE",
  "application:review": "ONBOARDING",
  "application:approve": "ONBOARDING",
  "application:decline": "ONBOARDING",
  "remittance:advance": ["PAYMENTS", "COMPLIANCE"],
  "fx:accept": "PAYMENTS",
  "fx:reject": "PAYMENTS",
  "fees:charge-service": "ADMIN",
  "fees:collect-owed": "ADMIN",
  "rates:load-ecb": "ADMIN",
  "agreement:request": "ADMIN",
  // Replacing the possession factor after the person's identity was checked again: compliance work.
  "user:phone": "COMPLIANCE",
  "brand:set": "ADMIN",
  "brand:reset": "ADMIN",
  "chat:reply": "SUPPORT",
  "chat:list": "SUPPORT",
  "card:issue": "PAYMENTS",
  "card:activate": "PAYMENTS",
  "card:cancel": "PAYMENTS",
  "card:void": "PAYMENTS",
  "payment:list": "PAYMENTS",
  "payment:settle": "PAYMENTS",
  "payment:reject": "PAYMENTS",
  "payment:refund": "PAYMENTS",
  "payment:incoming": "PAYMENTS",
  "rate:list": "ADMIN",
  "rate:set": "ADMIN",
  "rate:clear": "ADMIN",
  "rate:spread": "ADMIN",
  "rate:sol": "ADMIN",
  "tariff:list": "ADMIN",
  "tariff:create": "ADMIN",
  "tariff:assign": "ADMIN",
  "tariff:default": "ADMIN",
  "fee:list": "ADMIN",
  "fee:set": "ADMIN",
  "fee:remove": "ADMIN",
  "setting:list": "ADMIN",
  "setting:set": "ADMIN",
};

/** Commands that approve (`<subject>:approve <id>`) or reject (`<subject>:reject <id> --reason`). */
const DECISIONS = [
  "beneficiary:approve",
  "beneficiary:reject",
  "contract:approve",
  "contract:reject",
  "application:review",
  "application:approve",
  "application:decline",
  "fx:accept",
  "fx:reject",
] as const;

export { UsageError };

/** `npm run bank -- --help`. */
export const USAGE = `Staff decisions from the command line (the same audited decisions as the back office, /ops).

Usage: npm run bank -- [--staff <email>] <command> [arguments]

  --staff <email>                             the staff user at the keyboard (default: BANK_STAFF_EMAIL):
                                              an existing, not suspended one holding the role /ops asks
                                              for the same action; the audit log names them ("Command
                                              line (<email>)"). Without it the entry names no one

Commands:
  staff:create --email <e> --phone <+44…> --roles ADMIN,SUPPORT
                                              add a back-office (/ops) staff user; password from
                                              STAFF_PASSWORD, else generated and printed once
  beneficiary:approve <id>                    approve a beneficiary UNDER_REVIEW (→ APPROVED)
  beneficiary:reject <id> --reason "<text>"   reject a beneficiary UNDER_REVIEW (→ REJECTED); the
                                              customer sees the reason (1 to 500 characters)
  application:review <id>                     take a submitted application into review
                                              (READY_TO_REVIEW → REVIEW_IN_PROGRESS)
  application:approve <id>                    approve a submitted application (→ ACCEPTED): opens the
                                              organization, its first account and marks the user identified
  application:decline <id> --reason "<text>"  decline a submitted application (→ DECLINED); the
                                              applicant sees the reason on /identity
  contract:approve <id>                       approve a beneficiary's contract UNDER_REVIEW (→ APPROVED)
  contract:reject <id> --reason "<text>"      reject a contract UNDER_REVIEW (→ REJECTED); the customer
                                              sees the reason (1 to 500 characters)
  remittance:advance <id> <STATUS> [--reason "<text>"]
                                              move a remittance order along: QUEUED → PROC → AML →
                                              AML_DONE → ACCEPTED (the held sum goes to the payout
                                              partner), or → REJECTED --reason "<text>" from any of
                                              QUEUED..AML_DONE (the sum is refunded; the customer
                                              sees the reason)
  fx:accept <id>                              accept a signed FX rate request (PENDING → ACCEPTED): the
                                              exchange is executed at the customer's proposed rate
  fx:reject <id> --reason "<text>"            reject a signed FX rate request (PENDING → REJECTED): the
                                              held sum and fee are refunded; the customer sees the reason
  fees:charge-service --month <YYYY-MM>       charge the month's service fee ('Regular fee') to every
                                              organization with an account: once per month, however
                                              often it runs; a balance that cannot pay is recorded
                                              as owing, never taken below its floor; owed fees of
                                              earlier months are collected first
  fees:collect-owed                           collect service fees recorded as owing, oldest first,
                                              from balances that can now pay
  rates:load-ecb <csv file>                   load ECB euro reference rates (eurofxref-hist.csv format,
                                              https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip);
                                              days already stored are kept; quotes use the newest day
  user:phone <phone> <new phone> --reason "<text>"
                                              change a customer's phone number (E.164) once their
                                              identity was checked again: every device is logged
                                              out, codes not yet used expire, and the customer's
                                              chat is told; the reason (how identity was checked)
                                              goes to the audit log
  agreement:request <phone> <agreementId>     ask the customer with that phone (E.164) to sign an
                                              agreement (e.g. a new version of the terms); they see
                                              it on /profile/agreements and a banner on /home
  brand:set <field> <value>                   change the white-label brand, live on every page within
                                              about 10 s, no rebuild: name, primary, primary-dark (#rrggbb,
                                              at least 4.5:1 against white), support-email, support-phone,
                                              company-phone (E.164; "" removes), logo <PNG, JPEG or WebP
                                              file of at most 100 KB> ("" removes)
  brand:reset                                 back to the default brand
  chat:list                                   chat channels with customer messages not answered yet
                                              (oldest wait first): channel id, type, owner, count
  chat:reply <channelId> "<text>"             answer in a chat channel as support (1 to 4096
                                              characters, markdown); with BANK_URL the running
                                              server delivers it live to the customer's chat
  payment:list [--rail <KIND>] [--status <STATUS>]
                                              payments on external rails, newest first (50): rail
                                              EURO, GBP, USD, INTERNATIONAL, CRYPTO_ASSET_PAYMENT or
                                              CASH_OVER_COUNTER; status PENDING (default), SETTLED,
                                              REJECTED or REFUNDED
  payment:settle <id>                         the scheme or partner paid it out (PENDING → SETTLED):
                                              its sum leaves the rail's clearing balance
  payment:reject <id> --reason "<text>"       refused before it left (PENDING → REJECTED, payment
                                              FAILED): sum and fee back to the payer as REFUND items;
                                              the customer sees the reason
  payment:refund <id> --reason "<text>"       the money came back (PENDING or SETTLED → REFUNDED): the
                                              sum back to the payer as a REFUND item, the fee kept
  payment:incoming <account> <currency> <amount> --payer "<name>" [--payer-account <IBAN>]
                   [--reference "<text>"] [--key <idempotency key>]
                                              credit a payment from another bank to a customer
                                              balance (account number or IBAN): an ADDED item in
                                              their history. Run again with the same --key, it
                                              credits once (without --key every run credits)
  card:issue <id> <last four digits> <MM/YY>  the processor issued an ordered card (ORDERED → NEW): its
                                              number's last four digits and expiry; issuing a
                                              replacement voids the card it replaces
  card:activate <id>                          NEW → ACTIVE
  card:cancel <id> --reason "<text>"          cancel a card for good (→ CANCELED)
  card:void <id> --reason "<text>"            void a card's number for good (→ VOID)
${ADMIN_USAGE}  --help                                      this text

Database: PostgreSQL at DATABASE_URL when set; otherwise the embedded PGlite database in DATA_DIR
(default ./data/pglite). The embedded database belongs to ONE process at a time: stop the server
(npm start) before running a command against it, and start it again afterwards — or start the
server with STAFF_API_TOKEN=<32+ characters> and run the command with BANK_URL=http://localhost:3000
and the same STAFF_API_TOKEN: the running server then carries it out (POST /api/staff/bank).

Exit codes: 0 done; 1 refused (unknown, suspended or unentitled --staff; unknown beneficiary, contract, order, request, payment, account, channel, organization, tariff or fee; wrong status; invalid reason, amount, text, rate, fee or flag); 2 bad command line; 3 the embedded database is open in another process (a running server: use BANK_URL).`;

/**
 * Parse the arguments after `npm run bank --`.
 * @param argv e.g. ["beneficiary:reject", "<id>", "--reason", "Name does not match the account"]
 *   (`--reason=<text>` works too; `--help`/`-h` anywhere, or nothing at all, asks for the usage;
 *   `--staff <email>` or `--staff=<email>` anywhere names the staff user at the keyboard)
 * @returns the command to run
 * @throws UsageError (unknown command or option, missing or extra argument, empty reason, --staff without an email or twice)
 */
export function parseBankArgs(argv: readonly string[]): BankCommand {
  const { staff, rest } = takeStaffOption(argv);
  const cmd = parseCommand(rest);
  return staff === undefined || cmd.command === "help" ? cmd : { ...cmd, staff };
}

/** Whether a command line names a staff user itself (`--staff`). */
function namesStaff(argv: readonly string[]): boolean {
  return argv.some((a) => a === "--staff" || a.startsWith("--staff="));
}

/** Take the global `--staff <email>` / `--staff=<email>` out of a command line. */
function takeStaffOption(argv: readonly string[]): { staff?: string; rest: string[] } {
  let staff: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg !== "--staff" && !arg.startsWith("--staff=")) {
      rest.push(arg);
      continue;
    }
    const value = (arg === "--staff" ? argv[++i] : arg.slice("--staff=".length))?.trim();
    if (!value || value.startsWith("-")) throw new UsageError("--staff needs the email of a staff user");
    if (staff !== undefined) throw new UsageError("--staff given twice");
    staff = value;
  }
  return { staff, rest };
}

/**
 * The command line the CLI runs, or sends to BANK_URL: with `--staff <BANK_STAFF_EMAIL>` first
 * when that variable is set and the line names no staff user itself. Only the CLI reads the
 * variable: POST /api/staff/bank takes the staff user from the command line it is sent.
 */
export function withStaffDefault(argv: readonly string[], env: Record<string, string | undefined>): string[] {
  const email = env.BANK_STAFF_EMAIL?.trim();
  return email && !namesStaff(argv) ? ["--staff", email, ...argv] : [...argv];
}

/** `parseBankArgs` without the global options. */
function parseCommand(argv: readonly string[]): BankCommand {
  if (argv.length === 0 || argv.some((a) => a === "--help" || a === "-h")) return { command: "help" };
  if (argv[0]?.startsWith("payment:")) return parsePayment(argv);
  if (ADMIN_COMMANDS.has(argv[0])) return parseAdminArgs(argv);
  if (argv[0] === "staff:create") return parseStaffCreate(argv.slice(1));
  const positional: string[] = [];
  let reason: string | undefined;
  let month: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--month") {
      if (i + 1 >= argv.length) throw new UsageError("--month needs a month (YYYY-MM)");
      month = argv[++i];
    } else if (arg.startsWith("--month=")) month = arg.slice("--month=".length);
    else if (arg === "--reason") {
      if (i + 1 >= argv.length) throw new UsageError("--reason needs a text");
      reason = argv[++i];
    } else if (arg.startsWith("--reason=")) reason = arg.slice("--reason=".length);
    else if (arg.startsWith("-")) throw new UsageError(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional[0] === "fees:charge-service") {
    if (positional.length > 1) throw new UsageError(`Unexpected argument ${positional[1]}`);
    if (month === undefined || !isServiceFeeMonth(month)) throw new UsageError("fees:charge-service needs --month YYYY-MM");
    return { command: "fees:charge-service", month };
  }
  if (month !== undefined) throw new UsageError(`${positional[0] ?? "This command"} takes no --month`);
  if (positional[0] === "fees:collect-owed") {
    if (reason !== undefined) throw new UsageError("fees:collect-owed takes no --reason");
    if (positional.length > 1) throw new UsageError(`Unexpected argument ${positional[1]}`);
    return { command: "fees:collect-owed" };
  }
  if (positional[0] === "remittance:advance") return parseAdvance(positional, reason);
  if (positional[0] === "brand:set" || positional[0] === "brand:reset") return parseBrand(positional, reason);
  if (positional[0] === "user:phone") {
    if (positional.length !== 3) throw new UsageError("user:phone needs the current phone and the new phone");
    if (reason === undefined || reason.trim() === "")
      throw new UsageError('user:phone needs --reason "<text>" (how the customer\'s identity was checked)');
    return { command: "user:phone", phone: positional[1], newPhone: positional[2], reason };
  }
  if (positional[0] === "agreement:request") {
    if (reason !== undefined) throw new UsageError("agreement:request takes no --reason");
    if (positional.length !== 3) throw new UsageError("agreement:request needs a phone and an agreement id");
    return { command: "agreement:request", phone: positional[1], agreementId: positional[2] };
  }
  if (positional[0] === "chat:list") {
    if (reason !== undefined) throw new UsageError("chat:list takes no --reason");
    if (positional.length > 1) throw new UsageError(`Unexpected argument ${positional[1]}`);
    return { command: "chat:list" };
  }
  if (positional[0] === "chat:reply") {
    if (reason !== undefined) throw new UsageError("chat:reply takes no --reason");
    if (positional.length < 3) throw new UsageError('chat:reply needs a channel id and a text: chat:reply <channelId> "<text>"');
    return { command: "chat:reply", channelId: positional[1], text: positional.slice(2).join(" ") };
  }
  if (positional[0]?.startsWith("card:")) return parseCard(positional, reason);
  if (positional[0] === "rates:load-ecb") {
    if (reason !== undefined) throw new UsageError("rates:load-ecb takes no --reason");
    if (positional.length !== 2) throw new UsageError("rates:load-ecb needs exactly one CSV file");
    return { command: "rates:load-ecb", file: positional[1] };
  }
  const [command, id, ...extra] = positional;
  const decision = DECISIONS.find((d) => d === command);
  if (!decision) throw new UsageError(`Unknown command ${command ?? "(none)"}`);
  const subject = decision.split(":")[0];
  if (!id) throw new UsageError(`${decision} needs the ${subject === "fx" ? "FX rate request" : subject} id`);
  if (extra.length) throw new UsageError(`Unexpected argument ${extra[0]}`);
  if (
    decision === "beneficiary:approve" ||
    decision === "contract:approve" ||
    decision === "application:approve" ||
    decision === "application:review" ||
    decision === "fx:accept"
  ) {
    if (reason !== undefined) throw new UsageError(`${decision} takes no --reason`);
    return { command: decision, id };
  }
  if (reason === undefined || reason.trim() === "") throw new UsageError(`${decision} needs --reason "<text>"`);
  return { command: decision, id, reason };
}

/** Options each `payment:*` command takes (`--name value` or `--name=value`). */
const PAYMENT_OPTIONS: Record<string, readonly string[]> = {
  "payment:list": ["rail", "status"],
  "payment:settle": [],
  "payment:reject": ["reason"],
  "payment:refund": ["reason"],
  "payment:incoming": ["payer", "payer-account", "reference", "key"],
};

/** The `payment:*` commands (settlement of external payments, incoming payments). */
function parsePayment(argv: readonly string[]): BankCommand {
  const [command, ...rest] = argv;
  const allowed = PAYMENT_OPTIONS[command];
  if (!allowed) throw new UsageError(`Unknown command ${command}`);
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (!allowed.includes(name)) throw new UsageError(`${command} takes no --${name}`);
    if (eq !== -1) options[name] = arg.slice(eq + 1);
    else {
      if (i + 1 >= rest.length) throw new UsageError(`--${name} needs a value`);
      options[name] = rest[++i];
    }
  }
  const expect = (n: number, what: string) => {
    if (positional.length < n) throw new UsageError(`${command} needs ${what}`);
    if (positional.length > n) throw new UsageError(`Unexpected argument ${positional[n]}`);
  };
  switch (command) {
    case "payment:list":
      expect(0, "no argument");
      return {
        command,
        ...(options.rail ? { rail: options.rail.toUpperCase() } : {}),
        ...(options.status ? { status: options.status.toUpperCase() } : {}),
      };
    case "payment:settle":
      expect(1, "the payment id");
      return { command, id: positional[0] };
    case "payment:reject":
    case "payment:refund":
      expect(1, "the payment id");
      if (!options.reason?.trim()) throw new UsageError(`${command} needs --reason "<text>"`);
      return { command, id: positional[0], reason: options.reason };
    default: {
      expect(3, "an account (number or IBAN), a currency and an amount");
      if (!options.payer?.trim()) throw new UsageError(`${command} needs --payer "<name>"`);
      return {
        command: "payment:incoming",
        account: positional[0],
        currencyId: positional[1].toUpperCase(),
        amount: positional[2],
        payerName: options.payer,
        ...(options["payer-account"] ? { payerAccount: options["payer-account"] } : {}),
        ...(options.reference ? { reference: options.reference } : {}),
        ...(options.key ? { key: options.key } : {}),
      };
    }
  }
}

/** One line about an external payment after a settlement move. */
function describePayment(p: OpsExternalPayment): string {
  const reason = p.settlement.reason ? ` Reason: ${p.settlement.reason}` : "";
  return `Payment ${p.id} (${p.kind} ${p.currencyId} ${p.amount} from ${p.organizationName} to ${p.benificiaryFullName}) is now ${p.status}, settlement ${p.settlement.status}.${reason}`;
}

/** `npm run bank -- payment:incoming …`: credit, or answer the earlier posting under the same key. */
async function incoming(
  db: Database,
  actor: StaffActor,
  cmd: Extract<BankCommand, { command: "payment:incoming" }>,
): Promise<string> {
  const r = await staffPostIncomingPayment(db, actor, {
    account: cmd.account,
    currencyId: cmd.currencyId,
    amount: cmd.amount,
    payerName: cmd.payerName,
    payerAccount: cmd.payerAccount,
    reference: cmd.reference,
    idempotencyKey: cmd.key ?? `cli-${randomUUID()}`,
  });
  const verb = r.replayed ? "was already posted" : "posted";
  return `Incoming payment ${r.id} ${verb}: ${r.currencyId} ${r.amount} from ${r.payerName} to ${r.organizationName} (account ${r.accountNumber}).`;
}

/** `staff:create --email E --phone P --roles R1,R2` (`--opt=value` works too). */
function parseStaffCreate(args: readonly string[]): BankCommand {
  const opts: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--(email|phone|roles)(?:=(.*))?$/.exec(args[i]);
    if (!m) throw new UsageError(`staff:create: unexpected ${args[i]}`);
    const value = m[2] ?? args[++i];
    if (value === undefined) throw new UsageError(`--${m[1]} needs a value`);
    opts[m[1]] = value;
  }
  if (!opts.email || !opts.phone || !opts.roles) throw new UsageError("staff:create needs --email, --phone and --roles");
  const roles = opts.roles.split(",").map((r) => r.trim().toUpperCase());
  const unknown = roles.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
  if (unknown.length || !roles.length) throw new UsageError(`Unknown role ${unknown.join(", ")} (${STAFF_ROLES.join(", ")})`);
  return { command: "staff:create", email: opts.email, phone: opts.phone, roles: roles as StaffRole[] };
}

/** `brand:set <field> <value>` and `brand:reset`. */
function parseBrand(positional: string[], reason: string | undefined): BankCommand {
  if (reason !== undefined) throw new UsageError(`${positional[0]} takes no --reason`);
  if (positional[0] === "brand:reset") {
    if (positional.length > 1) throw new UsageError(`Unexpected argument ${positional[1]}`);
    return { command: "brand:reset" };
  }
  const [, field, value, ...extra] = positional;
  if (field !== "logo" && !BRAND_FIELDS.includes(field as BrandField))
    throw new UsageError(`brand:set needs a field: ${[...BRAND_FIELDS, "logo"].join(", ")}`);
  if (value === undefined) throw new UsageError(`brand:set ${field} needs a value ("" removes a contact or the logo)`);
  if (extra.length) throw new UsageError(`Unexpected argument ${extra[0]}`);
  return { command: "brand:set", field: field as BrandField | "logo", value };
}

/** One line about the brand after a change. */
function describeBrand(b: Brand): string {
  const contacts = [b.support.email, b.support.phone].filter(Boolean).join(", ") || "none";
  return `Brand: ${b.name}, colours ${b.colors.primary} / ${b.colors.primaryDark}, logo ${b.logo ? b.logo.mimeType : "none"}, support ${contacts}, company phone ${b.companyPhone ?? "none"}.`;
}

/** `card:issue <id> <last4> <MM/YY>`, `card:activate <id>`, `card:cancel|card:void <id> --reason`. */
function parseCard(positional: string[], reason: string | undefined): BankCommand {
  const [command, id, ...rest] = positional;
  if (!id) throw new UsageError(`${command} needs the card id`);
  if (command === "card:issue") {
    if (reason !== undefined) throw new UsageError("card:issue takes no --reason");
    if (rest.length !== 2)
      throw new UsageError("card:issue needs the last four digits and the expiry: card:issue <id> 1234 12/29");
    return { command, id, lastFour: rest[0], expiresOn: rest[1] };
  }
  if (rest.length) throw new UsageError(`Unexpected argument ${rest[0]}`);
  if (command === "card:activate") {
    if (reason !== undefined) throw new UsageError("card:activate takes no --reason");
    return { command, id };
  }
  if (command === "card:cancel" || command === "card:void") {
    if (reason === undefined || reason.trim() === "") throw new UsageError(`${command} needs --reason "<text>"`);
    return { command, id, reason };
  }
  throw new UsageError(`Unknown command ${command}`);
}

/** `remittance:advance <id> <STATUS> [--reason]`: REJECTED needs a reason. */
function parseAdvance(positional: string[], reason: string | undefined): BankCommand {
  const [command, id, status, ...extra] = positional;
  if (!id) throw new UsageError(`${command} needs the order id`);
  if (!status) throw new UsageError(`${command} needs the new status (${REMITTANCE_STATUSES.join(", ")})`);
  if (extra.length) throw new UsageError(`Unexpected argument ${extra[0]}`);
  const upper = status.toUpperCase();
  if (!(REMITTANCE_STATUSES as readonly string[]).includes(upper))
    throw new UsageError(`Unknown status ${status} (${REMITTANCE_STATUSES.join(", ")})`);
  if (upper === "REJECTED" && (reason === undefined || reason.trim() === ""))
    throw new UsageError('remittance:advance … REJECTED needs --reason "<text>"');
  return { command: "remittance:advance", id, status: upper, ...(reason !== undefined ? { reason } : {}) };
}

/** One line about a remittance order after a move. */
function describeCard(c: OpsCard): string {
  return `Card ${c.id} (${c.cardName}${c.cardNumber ? ` ${c.cardNumber}` : ""}) is ${c.status}.`;
}

function describeOrder(o: RemittanceOrder): string {
  const reason = o.rejectionReason ? ` Reason: ${o.rejectionReason}` : "";
  return `Remittance order ${o.id} (${o.currencyId} ${o.sum} to ${o.payee.name}) is now ${o.status}.${reason}`;
}

/** One line about an FX rate request after a decision. */
function describeFxRequest(r: FxRequest): string {
  const reason = r.decisionReason ? ` Reason: ${r.decisionReason}` : "";
  return `FX rate request ${r.id} (${r.exchangeCurrencyFrom.id} ${r.exchangeCurrencyFixedSum} → ${r.exchangeCurrencyTo.id} ${r.exchangeCurrencyFlexibleSum}) is now ${r.status}.${reason}`;
}

/** One line about a beneficiary after a decision. */
function describe(b: Beneficiary): string {
  const reason = b.rejectionReason ? ` Reason: ${b.rejectionReason}` : "";
  return `Beneficiary ${b.id} (${b.name}, ${b.paymentType} ${b.currencyId}) is now ${b.status}.${reason}`;
}

/** One line about an application after a decision. */
function describeApplication(a: ApplicationSummary & { organizationId?: string }): string {
  const reason = a.declineReason ? ` Reason: ${a.declineReason}` : "";
  const org = a.organizationId ? ` Organization ${a.organizationId} opened.` : "";
  return `Application ${a.id} (${a.type}, ${a.name ?? "unnamed"}) is now ${a.status}.${org}${reason}`;
}

/** One line about a contract after a decision. */
function describeContract(c: BeneficiaryContract): string {
  const reason = c.rejectionReason ? ` Reason: ${c.rejectionReason}` : "";
  const number = c.number ? ` no. ${c.number}` : "";
  return `Contract ${c.id} (${c.name}${number}, beneficiary ${c.beneficiaryId}) is now ${c.status}.${reason}`;
}

/**
 * Run `fn` and its audit entry (the command line, anonymous or named, as the actor) in one transaction.
 * @param entry the entry of the result (action, subject, before/after)
 */
async function cliAudited<T>(
  db: Database,
  actor: StaffActor,
  fn: (tx: Database) => Promise<T>,
  entry: (result: T) => Omit<StaffActionEntry, "staffUserId" | "source">,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await fn(tx as unknown as Database);
    await recordStaffAction(tx, { ...entry(result), ...auditActor(actor) });
    return result;
  });
}

/**
 * The staff user `cmd` names (`--staff`), checked: they exist, are not suspended and hold the
 * command's role (`COMMAND_ROLES`); null when it names no one.
 * @throws DomainError NOT_FOUND (no such staff user), FORBIDDEN (suspended, or without the role)
 */
async function namedStaff(db: Database, cmd: Exclude<BankCommand, { command: "help" }>): Promise<StaffUser | null> {
  if (cmd.staff === undefined) return null;
  const staff = await activeStaffByEmail(db, cmd.staff);
  const role = COMMAND_ROLES[cmd.command];
  const roles: readonly StaffRole[] = typeof role === "string" ? [role] : role;
  if (!roles.some((r) => staff.roles.includes(r)))
    throw new DomainError(
      "FORBIDDEN",
      `${cmd.command} needs the staff role ${roles.join(" or ")}; ${staff.email} has ${staff.roles.join(", ") || "none"}`,
    );
  return staff;
}

/** What the audit keeps of the brand (the logo by its type only). */
function brandSnapshot(b: Brand): Record<string, unknown> {
  return { ...b, logo: b.logo ? b.logo.mimeType : null };
}

/**
 * Run a parsed command (not `help`) against `db`; a change is audited with the command line as
 * the actor (recorded on subjects as `staff:cli`), or, with `--staff`, the staff user named
 * (checked first: see `namedStaff`; on subjects `staff:<id>`).
 * @param env where staff:create reads STAFF_PASSWORD (default process.env)
 * @returns the line to print
 * @throws DomainError for a refused `--staff` (NOT_FOUND, FORBIDDEN), or from the domain function (404 NOT_FOUND, 409 BENEFICIARY_STATUS_CONFLICT,
 *   CONTRACT_STATUS_CONFLICT, ORDER_STATUS_CONFLICT or FX_REQUEST_STATUS_CONFLICT, 400 VALIDATION_FAILED on the reason): the caller prints its message and exits 1
 */
export async function runBankCommand(
  db: Database,
  cmd: Exclude<BankCommand, { command: "help" }>,
  env: Record<string, string | undefined> = process.env,
): Promise<string> {
  const named = await namedStaff(db, cmd);
  const actor = named ? actorOf({ id: named.id, source: "cli" }) : CLI_ACTOR;
  if (isAdminCommand(cmd)) return runAdminCommand(db, cmd, actor);
  switch (cmd.command) {
    case "staff:create": {
      // The password: STAFF_PASSWORD, else a generated one printed once (never stored in clear).
      const generated = !env.STAFF_PASSWORD;
      const password = env.STAFF_PASSWORD || randomBytes(18).toString("base64url");
      const staff = await cliAudited(
        db,
        actor,
        (tx) => createStaffUser(tx, { email: cmd.email, phone: cmd.phone, password, roles: cmd.roles }),
        (u) => ({
          action: "staff.create",
          subjectType: "staff_user",
          subjectId: u.id,
          after: { email: u.email, phone: u.phone, roles: [...u.roles] },
        }),
      );
      const pw = generated ? ` Initial password (shown once): ${password}` : " Password from STAFF_PASSWORD.";
      return `Staff user ${staff.email} (${staff.id}) created with roles ${staff.roles.join(", ")}.${pw}`;
    }
    case "beneficiary:approve":
      return describe(await decideBeneficiary(db, actor, cmd.id, { decision: "approve" }));
    case "beneficiary:reject":
      return describe(await decideBeneficiary(db, actor, cmd.id, { decision: "reject", reason: cmd.reason }));
    case "contract:approve":
      return describeContract(await decideContract(db, actor, cmd.id, { decision: "approve" }));
    case "contract:reject":
      return describeContract(await decideContract(db, actor, cmd.id, { decision: "reject", reason: cmd.reason }));
    case "application:review":
      return describeApplication(await decideApplication(db, actor, cmd.id, { decision: "review" }));
    case "application:approve":
      return describeApplication(await decideApplication(db, actor, cmd.id, { decision: "approve" }));
    case "application:decline":
      return describeApplication(await decideApplication(db, actor, cmd.id, { decision: "decline", reason: cmd.reason }));
    case "brand:reset":
    case "brand:set": {
      let change: (tx: Database) => Promise<Brand>;
      if (cmd.command === "brand:reset") change = (tx) => resetBrand(tx);
      else if (cmd.field !== "logo") {
        const { field, value } = cmd;
        change = (tx) => setBrandField(tx, field, value);
      } else if (cmd.value === "") change = (tx) => setBrandLogo(tx, null);
      else {
        let bytes: Buffer;
        try {
          bytes = readFileSync(cmd.value);
        } catch {
          throw new DomainError("NOT_FOUND", `Cannot read ${cmd.value}`);
        }
        change = (tx) => setBrandLogo(tx, bytes);
      }
      const field = cmd.command === "brand:set" ? cmd.field : null;
      return describeBrand(
        await cliAudited(db, actor, change, (b) => ({
          action: field ? "brand.set" : "brand.reset",
          subjectType: "setting",
          subjectId: field ? `brand.${field}` : "brand",
          after: brandSnapshot(b),
        })),
      );
    }
    case "rates:load-ecb": {
      let text: string;
      try {
        text = readFileSync(cmd.file, "utf8");
      } catch {
        throw new DomainError("NOT_FOUND", `Cannot read ${cmd.file}`);
      }
      let loaded: Awaited<ReturnType<typeof loadEcbRates>>;
      try {
        loaded = await cliAudited(
          db,
          actor,
          (tx) => loadEcbRates(tx, text),
          (l) => ({
            action: "rate.load-ecb",
            subjectType: "fx_rates",
            subjectId: l.latestDate,
            after: { file: cmd.file, days: l.days, inserted: l.inserted, latestDate: l.latestDate },
          }),
        );
      } catch (err) {
        throw fieldError("file", "isEcbCsv", err instanceof Error ? err.message : String(err));
      }
      return `ECB rates loaded from ${cmd.file}: ${loaded.days} day(s), ${loaded.inserted} new rate(s); newest ${loaded.latestDate}.`;
    }
    case "remittance:advance":
      return describeOrder(
        await advanceOrderAsStaff(db, named ? { id: named.id, roles: named.roles, source: "cli" } : CLI_ACTOR, cmd.id, {
          status: cmd.status,
          reason: cmd.reason ?? null,
        }),
      );
    case "fx:accept":
      return describeFxRequest(await decideFxRequestAsStaff(db, actor, cmd.id, { decision: "accept" }));
    case "fx:reject":
      return describeFxRequest(await decideFxRequestAsStaff(db, actor, cmd.id, { decision: "reject", reason: cmd.reason }));
    case "fees:charge-service": {
      const { owed, run } = await cliAudited(
        db,
        actor,
        async (tx) => ({ owed: await collectOwedServiceFees(tx), run: await chargeServiceFees(tx, { month: cmd.month }) }),
        (r) => ({
          action: "fee.charge-service",
          subjectType: "service_fees",
          subjectId: cmd.month,
          after: {
            collected: r.owed.collected,
            stillOwed: r.owed.stillOwed,
            charged: r.run.charged,
            owed: r.run.owed,
            skipped: r.run.skipped,
          },
        }),
      );
      return `${describeCollection(owed)}\nService fees for ${run.month}: ${run.charged} charged, ${run.owed} owed (could not pay), ${run.skipped} already charged.`;
    }
    case "fees:collect-owed":
      return describeCollection(
        await cliAudited(
          db,
          actor,
          (tx) => collectOwedServiceFees(tx),
          (r) => ({
            action: "fee.collect-owed",
            subjectType: "service_fees",
            after: { collected: r.collected, stillOwed: r.stillOwed },
          }),
        ),
      );
    case "chat:reply": {
      const m = await replyAsStaff(
        db,
        named ? { id: named.id, email: named.email, source: "cli" } : CLI_ACTOR,
        cmd.channelId,
        cmd.text,
      );
      return `Replied in channel ${cmd.channelId} (message ${m.id}).`;
    }
    case "card:issue":
      return describeCard(
        await moveCardAsStaff(db, actor, cmd.id, "issue", { lastFour: cmd.lastFour, expiresOn: cmd.expiresOn }),
      );
    case "card:activate":
      return describeCard(await moveCardAsStaff(db, actor, cmd.id, "activate"));
    case "card:cancel":
      return describeCard(await moveCardAsStaff(db, actor, cmd.id, "cancel", { reason: cmd.reason }));
    case "card:void":
      return describeCard(await moveCardAsStaff(db, actor, cmd.id, "void", { reason: cmd.reason }));
    case "chat:list": {
      const rows = await listChannelsAwaitingReply(db);
      if (!rows.length) return "No chat channel is waiting for a reply.";
      return rows
        .map((r) => {
          const text = r.lastCustomerMessage.replace(/\s+/g, " ").slice(0, 60);
          return `${r.channelId}  ${r.channelType}  ${r.owner}  ${r.waiting} waiting, last ${r.lastAt.toISOString()}  "${text}"`;
        })
        .join("\n");
    }
    case "payment:list": {
      const page = await listExternalPayments(db, { rail: cmd.rail, status: cmd.status, take: 50 });
      if (!page.data.length) return `No ${cmd.status ?? "PENDING"} payment on ${cmd.rail ?? "any external rail"}.`;
      return page.data
        .map(
          (p) =>
            `${p.id}  ${p.kind}  ${p.currencyId} ${p.amount}  ${p.settlement.status}  ${p.organizationName} → ${p.benificiaryFullName}  ${p.createdAt}`,
        )
        .join("\n");
    }
    case "payment:settle":
      return describePayment(await decideExternalPayment(db, actor, cmd.id, { move: "settle" }));
    case "payment:reject":
      return describePayment(await decideExternalPayment(db, actor, cmd.id, { move: "reject", reason: cmd.reason }));
    case "payment:refund":
      return describePayment(await decideExternalPayment(db, actor, cmd.id, { move: "refund", reason: cmd.reason }));
    case "payment:incoming":
      return incoming(db, actor, cmd);
    case "user:phone": {
      const change = await changePhoneAsStaff(db, actor, { phone: cmd.phone, newPhone: cmd.newPhone, reason: cmd.reason });
      return `Phone of ${change.name} changed from ${change.previousPhone} to ${change.phone}: ${change.sessionsRevoked} session(s) logged out, unused codes expired, the customer's chat told.`;
    }
    case "agreement:request":
      try {
        await cliAudited(
          db,
          actor,
          (tx) => requestAgreement(tx, cmd.phone, cmd.agreementId),
          () => ({
            action: "agreement.request",
            subjectType: "agreement",
            subjectId: cmd.agreementId,
            after: { phone: cmd.phone },
          }),
        );
      } catch (err) {
        throw new DomainError("NOT_FOUND", err instanceof Error ? err.message : String(err));
      }
      return `Agreement ${cmd.agreementId} requested from ${cmd.phone}: unsigned until they sign it.`;
  }
}

/** One line about a collection of owed service fees. */
function describeCollection(run: OwedCollectionRun): string {
  return `Owed service fees: ${run.collected} collected, ${run.stillOwed} still owed.`;
}
