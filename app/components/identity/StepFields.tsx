/**
 * The inputs of one application step, read from its catalogue entry (server/rules/applications/
 * steps.ts `StepDef.fields`; spec 001 §3 fields). Plain form controls that work without
 * JavaScript:
 * - text, email, phone, date, url, integer, percentage: <input> with the right type, inputmode
 *   and autocomplete; textarea; select (options from the loader) — each labelled
 *   `identity:fields.<name>`, with its error tied by aria-describedby;
 * - checkboxes and yes/no questions: a fieldset with a legend; the first control's id is the
 *   field's name (the error summary links to it);
 * - a field shown only for another answer (`shownWhen`: a yes/no question's details, the business
 *   address when it differs): rendered with a hint saying when to answer it, right after its
 *   question; hidden until that answer is chosen, by CSS (`:has`, scripts or none, from the first
 *   paint) and, once hydrated, by the `hidden` attribute (a browser without `:has` shows it until
 *   then, and always without JavaScript);
 * - SIC codes: checkboxes of the chosen codes and of the last search's matches, a search box
 *   and a 'Search' submit (intent=search-sic: the action saves the step as partial and comes
 *   back with the matches).
 * `ReadOnlyAnswers` shows a step's values without inputs (a submitted application).
 */
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldDef } from "../../../server/rules/applications/steps";
import { describedByIds, fieldStyles } from "../forms/Field";
import { Button } from "../ui/Button";
import { textareaMaxRows, textareaRows, TEXTAREA_MAX_ROWS_DEFAULT } from "~/lib/textarea-rows";
import { dateInputBounds, formatAnswerDate, isBlank, type AnswerValue, type FieldOption, type Values } from "~/lib/identity";
import { useAdoptChoices } from "~/lib/typed-before-hydration";
import { useIsHydrated } from "~/lib/use-hydrated";
import styles from "./identity.module.css";

export interface StepFieldsProps {
  fields: readonly FieldDef[];
  values: Values;
  errors: Record<string, string | undefined>;
  options: Record<string, FieldOption[]>;
  /** yyyy-mm-dd (date limits). */
  today: string;
  /** yyyy-mm-dd: the first day of a date that must be in the future (lib/identity.ts `firstFutureDay`). */
  tomorrow: string;
  /** The SIC search box's value and how many codes it matched (null: no search yet). */
  sic?: { search: string; matches: number | null };
  /** Rows a textarea grows to (setting CLIENTS-TEXTAREA-MAX-ROWS; default 10). */
  textareaMaxRows?: number;
}

/** Autocomplete token of a field (WCAG 1.3.5), by name; address blocks get a section each. */
export function autoCompleteOf(name: string): string | undefined {
  const known: Record<string, string> = {
    firstName: "given-name",
    lastName: "family-name",
    email: "email",
    phone: "tel",
    dob: "bday",
    companyName: "organization",
    position: "organization-title",
    employeePosition: "organization-title",
    nameOfEmployer: "organization",
    websiteLink: "url",
  };
  if (known[name]) return known[name];
  const m =
    /^(currentAddress|previousAddress1|previousAddress2|residentialAddress|registered|business|correspondence)(CountryId|City|PostalCode|Address1|Address2)$/.exec(
      name,
    );
  if (!m) return undefined;
  const part = {
    CountryId: "country",
    City: "address-level2",
    PostalCode: "postal-code",
    Address1: "address-line1",
    Address2: "address-line2",
  }[m[2]];
  const section = m[1] === "currentAddress" || m[1] === "residentialAddress" ? "" : `section-${m[1]} `;
  return `${section}${part}`;
}

function str(v: AnswerValue | undefined): string {
  return typeof v === "string" ? v : "";
}

function list(v: AnswerValue | undefined): string[] {
  return Array.isArray(v) ? v : typeof v === "string" && v ? [v] : [];
}

function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={`${id}-error`} className={styles.errorText}>
      {text}
    </p>
  ) : null;
}

function Hint({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={`${id}-hint`} className={styles.hint}>
      {text}
    </p>
  ) : null;
}

/**
 * Grows a textarea with its content up to its `data-max-rows` where CSS `field-sizing: content`
 * does not (the fallback of identity.module.css `.textarea`).
 */
function growTextarea(event: FormEvent<HTMLTextAreaElement>): void {
  const el = event.currentTarget;
  if (typeof CSS !== "undefined" && CSS.supports?.("field-sizing", "content")) return;
  const max = Number(el.dataset.maxRows) || TEXTAREA_MAX_ROWS_DEFAULT;
  el.rows = textareaRows(el.value, max);
  while (el.rows < max && el.scrollHeight > el.clientHeight) el.rows += 1;
}

/** A labelled single control (input, textarea or select). */
function SingleField({
  field,
  value,
  error,
  hint,
  options,
  today,
  tomorrow,
  maxRows = TEXTAREA_MAX_ROWS_DEFAULT,
}: {
  field: FieldDef;
  value: string;
  error?: string;
  hint?: string;
  options: FieldOption[];
  today: string;
  tomorrow: string;
  maxRows?: number;
}) {
  const { t } = useTranslation("identity");
  const id = field.name;
  const aria = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedByIds(id, Boolean(hint), Boolean(error)),
  };
  const common = { id, name: field.name, required: field.required || undefined, ...aria };
  let control: ReactNode;
  if (field.kind === "textarea") {
    control = (
      <textarea
        {...common}
        className={`${fieldStyles.control} ${styles.textarea}`}
        defaultValue={value}
        maxLength={field.max}
        rows={textareaRows(value, maxRows)}
        data-max-rows={textareaMaxRows(maxRows)}
        onInput={growTextarea}
      />
    );
  } else if (field.kind === "select") {
    const known = options.some((o) => o.value === value);
    control = (
      <select {...common} className={fieldStyles.control} defaultValue={value} autoComplete={autoCompleteOf(field.name)}>
        <option value="">{t("form.choose")}</option>
        {!known && value ? <option value={value}>{value}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else {
    const kind = field.kind;
    const input = {
      email: { type: "email", inputMode: "email" as const, spellCheck: false },
      phone: { type: "tel", inputMode: "tel" as const },
      date: dateInputBounds(field, today, tomorrow),
      url: { type: "text", inputMode: "url" as const, spellCheck: false },
      integer: { type: "text", inputMode: "numeric" as const, pattern: "[0-9]*" },
      percentage: { type: "text", inputMode: "decimal" as const },
      text: { type: "text" },
    }[kind as "text"] ?? { type: "text" };
    control = (
      <input
        {...common}
        {...input}
        className={fieldStyles.control}
        defaultValue={value}
        maxLength={field.max}
        autoComplete={autoCompleteOf(field.name) ?? "off"}
      />
    );
  }
  return (
    <div className={`${fieldStyles.field} ${error ? fieldStyles.invalid : ""}`}>
      <label className={fieldStyles.label} htmlFor={id}>
        {t(`fields.${field.name}`)}
      </label>
      <Hint id={id} text={hint} />
      <ErrorText id={id} text={error} />
      {control}
    </div>
  );
}

/** Checkboxes or yes/no radios in a fieldset. */
function ChoiceField({
  field,
  value,
  error,
  hint,
  options,
  children,
}: {
  field: FieldDef;
  value: AnswerValue | undefined;
  error?: string;
  hint?: string;
  options: FieldOption[];
  children?: ReactNode;
}) {
  const { t } = useTranslation("identity");
  const radio = field.kind === "yesno";
  const chosen = radio ? [str(value)] : list(value);
  const id = field.name;
  return (
    <fieldset
      className={`${styles.fieldset} ${error ? styles.fieldsetInvalid : ""}`}
      aria-describedby={describedByIds(id, Boolean(hint), Boolean(error))}
      data-field={field.name}
    >
      <legend>{t(`fields.${field.name}`)}</legend>
      <Hint id={id} text={hint} />
      <ErrorText id={id} text={error} />
      <div className={`${styles.choices} ${radio ? styles.choicesInline : ""}`}>
        {options.map((o, i) => (
          <label key={o.value} className={styles.choice}>
            <input
              type={radio ? "radio" : "checkbox"}
              id={i === 0 ? id : `${id}-${i}`}
              name={field.name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              required={radio && field.required ? true : undefined}
              aria-invalid={error ? true : undefined}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

/** Longer lists than this are a multiple select rather than checkboxes (e.g. countries). */
const MAX_CHECKBOXES = 30;

/** Several of a long list (countries): a multiple select, labelled, with how to choose several. */
function MultiSelectField({
  field,
  value,
  error,
  options,
}: {
  field: FieldDef;
  value: AnswerValue | undefined;
  error?: string;
  options: FieldOption[];
}) {
  const { t } = useTranslation("identity");
  const id = field.name;
  const hint = t("form.multi-select");
  return (
    <div className={`${fieldStyles.field} ${error ? fieldStyles.invalid : ""}`}>
      <label className={fieldStyles.label} htmlFor={id}>
        {t(`fields.${field.name}`)}
      </label>
      <Hint id={id} text={hint} />
      <ErrorText id={id} text={error} />
      <select
        id={id}
        name={field.name}
        multiple
        size={8}
        className={fieldStyles.control}
        defaultValue={list(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(id, true, Boolean(error))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The SIC codes field: chosen codes and matches as checkboxes, a search box and its button. */
function SicField({
  field,
  value,
  error,
  options,
  sic,
}: {
  field: FieldDef;
  value: AnswerValue | undefined;
  error?: string;
  options: FieldOption[];
  sic: { search: string; matches: number | null };
}) {
  const { t } = useTranslation("identity");
  const hint =
    sic.matches === null
      ? t("sic.hint")
      : sic.matches === 0
        ? t("sic.none", { search: sic.search })
        : t("sic.found", { count: sic.matches, search: sic.search });
  return (
    <ChoiceField field={field} value={value} error={error} hint={hint} options={options}>
      <div className={styles.search}>
        <div className={styles.searchBox}>
          <label className={fieldStyles.label} htmlFor={`${field.name}-search`}>
            {t("sic.search-label")}
          </label>
          <input
            id={`${field.name}-search`}
            name="sicSearch"
            type="search"
            defaultValue={sic.search}
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <Button type="submit" name="intent" value="search-sic" variant="secondary" formNoValidate>
          {t("sic.search")}
        </Button>
      </div>
    </ChoiceField>
  );
}

/** The inputs of a step (see module header). */
export function StepFields({ fields, values, errors, options, today, tomorrow, sic, textareaMaxRows: maxRows }: StepFieldsProps) {
  const { t } = useTranslation("identity");
  const hydrated = useIsHydrated();
  const controllers = new Set(fields.flatMap((f) => (f.shownWhen ? [f.shownWhen.field] : [])));
  const [watched, setWatched] = useState<Record<string, string>>(() =>
    Object.fromEntries([...controllers].map((name) => [name, str(values[name])])),
  );
  // An answer given before the JavaScript started shows the fields it asks for.
  const root = useRef<HTMLDivElement>(null);
  useAdoptChoices(root, watched, (name, answer) => setWatched((w) => ({ ...w, [name]: answer })));
  const onChange = (event: ChangeEvent<HTMLDivElement>) => {
    const target = event.target as unknown as HTMLInputElement;
    if (controllers.has(target.name) && target.checked !== false) setWatched((w) => ({ ...w, [target.name]: target.value }));
  };
  const byName = new Map(fields.map((f) => [f.name, f]));

  /** When a conditional field is asked (the hint shown without JavaScript). */
  const conditionText = (cond: NonNullable<FieldDef["shownWhen"]>) => {
    const question = byName.get(cond.field);
    return cond.equals === "YES"
      ? t("form.if-yes")
      : t("form.shown-when", {
          answer: t(`options.${cond.equals}`),
          question: question ? t(`fields.${question.name}`) : cond.field,
        });
  };

  const render = (field: FieldDef, conditionHint?: string) => {
    const error = errors[field.name];
    const opts = options[field.name] ?? [];
    let hint = t(`hints.${field.name}`, { defaultValue: "" }) || undefined;
    if (conditionHint) hint = hint ? `${conditionHint} ${hint}` : conditionHint;
    if (field.kind === "checkboxes" && field.options && "ref" in field.options && field.options.ref === "sicCodes")
      return (
        <SicField
          field={field}
          value={values[field.name]}
          error={error}
          options={opts}
          sic={sic ?? { search: "", matches: null }}
        />
      );
    if (field.kind === "checkboxes" && opts.length > MAX_CHECKBOXES)
      return <MultiSelectField field={field} value={values[field.name]} error={error} options={opts} />;
    if (field.kind === "checkboxes" || field.kind === "yesno")
      return <ChoiceField field={field} value={values[field.name]} error={error} hint={hint} options={opts} />;
    return (
      <SingleField
        field={field}
        value={str(values[field.name])}
        error={error}
        hint={hint}
        options={opts}
        today={today}
        tomorrow={tomorrow}
        maxRows={maxRows}
      />
    );
  };

  // Consecutive fields asked under the same answer form one block (e.g. the business address
  // when it differs from the registered one): one hint for the block, one reveal.
  const blocks: { cond: FieldDef["shownWhen"]; fields: FieldDef[] }[] = [];
  for (const field of fields) {
    const last = blocks[blocks.length - 1];
    const cond = field.shownWhen;
    if (cond && last?.cond && last.cond.field === cond.field && last.cond.equals === cond.equals) last.fields.push(field);
    else blocks.push({ cond, fields: [field] });
  }

  return (
    // A change of a controlling answer (yes/no) shows or hides the fields that depend on it.
    <div ref={root} onChange={onChange}>
      {blocks.map(({ cond, fields: group }, index) => {
        const first = group[0].name;
        if (!cond) return <div key={first}>{render(group[0])}</div>;
        const hidden = hydrated && watched[cond.field] !== cond.equals;
        // Right after its question (as every step's catalogue has it), CSS shows the block only
        // for its answer from the first paint, scripts or none (identity.module.css): hydration
        // then hides nothing the page showed, and nothing below it moves.
        const follows = blocks[index - 1]?.fields.length === 1 && blocks[index - 1].fields[0].name === cond.field;
        return (
          <div
            key={first}
            className={styles.conditional}
            hidden={hidden}
            data-shown-when={cond.field}
            data-asked-for={follows ? cond.equals : undefined}
          >
            {group.length > 1 ? <p className={styles.hint}>{conditionText(cond)}</p> : null}
            {group.map((field) => (
              <div key={field.name}>{render(field, group.length > 1 ? undefined : conditionText(cond))}</div>
            ))}
          </div>
        );
      })}
    </div>
  );
}

/** How a value reads on a summary (option labels, dd.mm.yyyy dates), or null when empty. */
export function displayValue(field: FieldDef, value: AnswerValue | undefined, options: FieldOption[]): string | null {
  if (isBlank(value)) return null;
  const label = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.map(label).join("\n");
  if (field.kind === "date") return formatAnswerDate(value!);
  return options.length ? label(value!) : value!;
}

/** A step's answers without inputs (a submitted application, spec: read-only). */
export function ReadOnlyAnswers({
  fields,
  values,
  options,
}: {
  fields: readonly FieldDef[];
  values: Values;
  options: Record<string, FieldOption[]>;
}) {
  const { t } = useTranslation("identity");
  const shown = fields.filter((f) => !f.shownWhen || values[f.shownWhen.field] === f.shownWhen.equals);
  if (shown.length === 0) return null;
  return (
    <dl className={styles.summary}>
      {shown.map((f) => (
        <div key={f.name} className={styles.summaryRow}>
          <dt>{t(`fields.${f.name}`)}</dt>
          <dd>{displayValue(f, values[f.name], options[f.name] ?? []) ?? t("check.not-given")}</dd>
        </div>
      ))}
    </dl>
  );
}
