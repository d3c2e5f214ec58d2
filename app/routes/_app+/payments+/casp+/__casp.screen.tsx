/**
 * The crypto-asset payment form of /payments/casp/form (route module `form.tsx` beside it; its zod
 * schema, shared with the route's action, is ./__casp.schema.ts). Loaded as its own chunk in the browser
 * (lib/split-screen.tsx); rendered from a static import on the server.
 *
 * Same rules as the server's rail (server/domain/payments/rails/crypto-asset.ts), from
 * server/rules: the wallet address is checked for the asset's network
 * (`validateWalletAddress(ASSET_NETWORK[asset], raw)`: Solana base58, Ethereum EIP-55 checksum),
 * the amount at the asset's own scale (from the balance: USDT/USDC/EURC 6, SOL 9), purpose required.
 * With JavaScript the provider list keeps only the CASPs that take the chosen asset; without it
 * every CASP that takes an asset the customer holds is listed, each with the assets it takes,
 * and the action refuses a mismatch on the provider field (as the API would).
 */
import { useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { BeneficiaryPicker, ChosenBeneficiaryFields } from "~/components/forms/BeneficiaryPicker";
import { DraftAutosave, DraftNotice, SaveDraftButton } from "~/components/forms/DraftControls";
import { PaymentActions } from "~/components/forms/PaymentFormEnd";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { PaymentPurposeFields } from "~/components/forms/PaymentPurposeFields";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { SourceBalanceSelect } from "~/components/forms/SourceBalanceSelect";
import { ValidatedAmountInput } from "~/components/forms/ValidatedAmountInput";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedChoicesError, ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { parseSource } from "~/lib/balance-sources";
import { perScales, scaleOfCurrency } from "~/lib/currency-scales";
import { lazyValidator } from "~/lib/lazy-validator";
import { useAdoptChoices } from "~/lib/typed-before-hydration";
import { useIsHydrated } from "~/lib/use-hydrated";
import { assetNetwork } from "../../../../../server/rules/asset-network";
import type { loader } from "./form";

/** Field names in display order (error summary order; API errors for others become form errors). */
export const FIELDS = [
  "source",
  "caspId",
  "beneficiaryName",
  "walletAddress",
  "purpose",
  "categoryId",
  "amount",
  "reference",
] as const;

export const FORM_ID = "casp-payment";

/**
 * The form's rules (./__casp.schema.ts) for these scales, loaded when the form is first used
 * (lib/lazy-validator.ts); one per set of scales.
 */
const lazyCasp = perScales((scales) => lazyValidator(() => import("./__casp.schema").then((m) => m.caspValidator(scales))));

export default function CaspScreen() {
  const {
    sources,
    sourcesError,
    scales,
    casps,
    caspsError,
    source,
    currencies,
    categories,
    categoriesError,
    draft,
    idempotencyKey,
    pendingPaymentId,
    saved,
    prefill,
  } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const hydrated = useIsHydrated();
  const validator = lazyCasp(scales);
  const initialSource = source ?? draft?.source ?? sources[0]?.value ?? "";
  const [selected, setSelected] = useState(initialSource);
  useAdoptChoices(FORM_ID, { source: selected }, (_, answer) => setSelected(answer));
  const asset = parseSource(selected)?.currencyId;
  const network = assetNetwork(asset);
  const scale = scaleOfCurrency(asset, scales);
  // With JavaScript only the CASPs that take the chosen asset; the server render lists them all.
  const shownCasps = hydrated && asset ? casps.filter((c) => c.assets.includes(asset)) : casps;
  // The provider chosen at first takes the asset of the balance chosen at first: without
  // JavaScript every provider is listed, and the first of them (Bitstamp) refused a SOL payment
  // the customer had not picked a provider for.
  const initialAsset = parseSource(initialSource)?.currencyId;
  const initialCasp = casps.find((c) => initialAsset !== undefined && c.assets.includes(initialAsset))?.id;
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLSelectElement;
    if (target.name === "source") setSelected(target.value);
  };
  return (
    <>
      <h1>{t("casp.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      <DraftNotice restored={!!draft} />
      {sources.length === 0 && !sourcesError ? (
        <Alert>{t("casp.no-balance", { currencies: currencies.join(", ") })}</Alert>
      ) : (
        <>
          <BeneficiaryPicker choices={saved.choices} chosen={saved.chosen} error={saved.error} />
          <ValidatedForm
            // A picked beneficiary fills the form: a new form (defaults apply on mount only).
            key={saved.chosen?.id ?? "none"}
            id={FORM_ID}
            // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
            data-unsaved-guard
            validator={validator}
            method="post"
            noValidate={hydrated}
            defaultValues={{ ...(initialCasp ? { caspId: initialCasp } : {}), ...draft, ...prefill, source: initialSource }}
            onChange={onChange}
          >
            <ValidatedErrorSummary order={FIELDS} />
            <AuthenticityTokenInput />
            <IdempotencyKeyInput fallback={idempotencyKey} />
            <ChosenBeneficiaryFields chosen={saved.chosen} />
            <SourceBalanceSelect sources={sources} error={sourcesError} />
            {caspsError ? (
              <ValidatedChoicesError
                id="caspId"
                label={t("casp.casp")}
                hint={t("casp.casp-hint")}
                message={caspsError}
                required
              />
            ) : (
              <ValidatedField as="select" name="caspId" label={t("casp.casp")} hint={t("casp.casp-hint")} required>
                {shownCasps.map((c) => (
                  <option key={c.id} value={c.id}>
                    {t("casp.casp-option", { name: c.name, assets: c.assets.join(", ") })}
                  </option>
                ))}
              </ValidatedField>
            )}
            <ValidatedField
              name="beneficiaryName"
              readOnly={saved.chosen !== null}
              label={t("fields.beneficiary-name")}
              autoComplete="off"
              required
              maxLength={140}
            />
            <ValidatedField
              name="walletAddress"
              readOnly={saved.chosen !== null}
              label={t("casp.wallet")}
              hint={network ? t(`casp.wallet-hint-${network}`) : undefined}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              autoCorrect="off"
              required
              maxLength={128}
            />
            <PaymentPurposeFields categories={categories} categoriesError={categoriesError} purposeRequired />
            <ValidatedAmountInput
              label={asset ? t("casp.amount", { asset }) : t("fields.amount")}
              hint={t("casp.amount-hint", { count: scale })}
              scale={scale}
            />
            <ValidatedField
              name="reference"
              label={t("fields.reference")}
              hint={t("fields.optional")}
              autoComplete="off"
              maxLength={140}
            />
            <PaymentActions>
              <SaveDraftButton />
            </PaymentActions>
            <DraftAutosave formId={FORM_ID} />
          </ValidatedForm>
        </>
      )}
    </>
  );
}
