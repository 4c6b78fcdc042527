import type { CatalogItemCard } from '@storefront/contracts/catalogue';
import {
  CPQ_MAX_QTY,
  type CpqModel,
  type CpqOption,
  type CpqPricedLine,
} from '@storefront/contracts/crm-cpq';
import { type FormEvent, useId } from 'react';
import { data, Form, Link, redirect, useNavigation, useSubmit } from 'react-router';
import {
  addConfiguration,
  type Configuration,
  configurableInstruments,
  loadModel,
  postedConfiguration,
  priceConfiguration,
  readConfigurationFile,
} from '../../features/cpq/cpq.server';
import { refusalMessage } from '../../lib/crm-refusal';
import { readForm } from '../../lib/form.server';
import { formatMoney } from '../../lib/format';
import { CART_PATH } from '../../lib/paths';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/cpq';
import { NumberCell, NumberHeading } from './number-cells';

export const meta: Route.MetaFunction = () => [{ title: 'Configure an instrument' }];

type Priced = { currency: string; lines: CpqPricedLine[]; total: number };

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAccountSession(args);
  const itemId = args.url.searchParams.get('itemId');
  if (!itemId) return { kind: 'choose' as const, instruments: await configurableInstruments(session) };
  try {
    const model = await loadModel(session, itemId);
    const priced =
      model.unavailable.length > 0
        ? null
        : await priceConfiguration(session, { itemId, optionItemIds: [], qty: 1 });
    return { kind: 'model' as const, model, priced };
  } catch (error) {
    return { kind: 'refused' as const, message: refusalMessage(error) };
  }
}

type ActionAnswer = {
  configuration: Configuration | null;
  priced: Priced | null;
  problem: string | null;
  uploadProblems: string[];
};

/** 'price' prices the ticked options, 'upload' ticks those a configuration file names, 'add' adds it all. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  const form = await readForm(args.request);
  const posted = postedConfiguration(form);
  if ('problem' in posted)
    return data<ActionAnswer>(
      { configuration: null, priced: null, problem: posted.problem, uploadProblems: [] },
      400,
    );
  try {
    if (form.get('intent') === 'add') {
      await addConfiguration(session, posted);
      return redirect(CART_PATH);
    }
    let configuration = posted;
    let uploadProblems: string[] = [];
    const file = form.get('file');
    if (form.get('intent') === 'upload') {
      if (!(file instanceof File) || file.size === 0) {
        return data<ActionAnswer>(
          { configuration, priced: null, problem: 'Choose a configuration file first.', uploadProblems },
          400,
        );
      }
      const read = await readConfigurationFile(await loadModel(session, posted.itemId), file);
      if ('problem' in read)
        return data<ActionAnswer>(
          { configuration, priced: null, problem: read.problem, uploadProblems },
          400,
        );
      configuration = { ...posted, optionItemIds: read.optionItemIds };
      uploadProblems = read.problems;
    }
    const priced = await priceConfiguration(session, configuration);
    return data<ActionAnswer>({ configuration, priced, problem: null, uploadProblems });
  } catch (error) {
    return data<ActionAnswer>(
      { configuration: posted, priced: null, problem: refusalMessage(error), uploadProblems: [] },
      400,
    );
  }
}

export default function CpqPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === 'choose') return <ChooseInstrument instruments={loaderData.instruments} />;
  if (loaderData.kind === 'refused') {
    return (
      <section className="cpq" aria-labelledby="cpq-heading">
        <h1 id="cpq-heading">Configure an instrument</h1>
        <p role="alert" className="quick-order__problem">
          {loaderData.message}
        </p>
        <p>
          <Link to="/cpq">Choose another instrument</Link>
        </p>
      </section>
    );
  }
  return <Configurator model={loaderData.model} initial={loaderData.priced} answer={actionData} />;
}

function ChooseInstrument({ instruments }: { instruments: CatalogItemCard[] }) {
  return (
    <section className="cpq" aria-labelledby="cpq-heading">
      <h1 id="cpq-heading">Configure an instrument</h1>
      {instruments.length === 0 ? (
        <p>
          Your catalogue has no instruments to configure. Your account manager can quote one for your site.
        </p>
      ) : (
        <>
          <p>Choose the instrument to configure; we add what it needs and suggest what labs usually add.</p>
          <ul className="cpq__choices">
            {instruments.map((item) => (
              <li key={item.id}>
                <Link to={`/cpq?${new URLSearchParams({ itemId: item.id })}`}>{item.name}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Configurator({
  model,
  initial,
  answer,
}: {
  model: CpqModel;
  initial: Priced | null;
  answer: ActionAnswer | undefined;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const ids = { qty: useId(), file: useId() };
  const busy = navigation.state !== 'idle';
  const configuration = answer?.configuration ?? {
    itemId: model.instrument.catalogItemId,
    optionItemIds: [],
    qty: 1,
  };
  const priced = answer?.priced ?? (answer?.problem ? null : initial);
  const ticked = new Set(configuration.optionItemIds);
  const needed = model.options.filter((option) => option.rule === 'Needs');
  const suggested = model.options.filter((option) => option.rule === 'Suggests');
  const { currency } = model;
  const orderable = model.unavailable.length === 0;
  // With the page's script, a change is priced at once; without it, 'Update the price' does the same.
  const reprice = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const body = new FormData(form);
    body.set('intent', 'price');
    submit(body, { method: 'post', preventScrollReset: true, replace: true });
  };

  return (
    <section className="cpq" aria-labelledby="cpq-heading">
      <h1 id="cpq-heading">Configure the {model.instrument.name}</h1>
      <p>
        {model.instrument.sku} · {formatMoney(model.instrument.unitPrice, currency)} per instrument at your
        prices.
      </p>
      {!orderable && (
        <p role="alert" className="quick-order__problem">
          This instrument needs {model.unavailable.map((item) => item.name).join(', ')}, which your catalogue
          does not include, so it cannot be ordered here. Your account manager can quote it.
        </p>
      )}
      <Form
        method="post"
        className="cpq__form"
        key={JSON.stringify(configuration)}
        onChange={orderable ? reprice : undefined}
        noValidate
      >
        <input type="hidden" name="itemId" value={model.instrument.catalogItemId} />
        <fieldset className="cpq__group">
          <legend>Included with the instrument</legend>
          <ul className="cpq__options">
            {needed.map((option) => (
              <li key={option.catalogItemId}>
                <OptionText option={option} currency={currency} />
              </li>
            ))}
          </ul>
        </fieldset>
        {suggested.length > 0 && (
          <fieldset className="cpq__group">
            <legend>Recommended options</legend>
            <ul className="cpq__options">
              {suggested.map((option) => (
                <li key={option.catalogItemId}>
                  <label className="cpq__option">
                    <input
                      type="checkbox"
                      name="option"
                      value={option.catalogItemId}
                      defaultChecked={ticked.has(option.catalogItemId)}
                    />
                    <OptionText option={option} currency={currency} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="quick-order__field cpq__qty">
          <label htmlFor={ids.qty}>Instruments</label>
          <input
            id={ids.qty}
            name="qty"
            type="number"
            inputMode="numeric"
            min={1}
            max={CPQ_MAX_QTY}
            defaultValue={configuration.qty}
            aria-invalid={answer?.problem ? true : undefined}
            aria-describedby={answer?.problem ? `${ids.qty}-error` : undefined}
          />
          {answer?.problem && (
            <p id={`${ids.qty}-error`} className="field-error" role="alert">
              {answer.problem}
            </p>
          )}
        </div>
        {priced && <PriceSummary priced={priced} />}
        {orderable && (
          <div className="cpq__actions">
            <button
              type="submit"
              name="intent"
              value="price"
              className="button button--secondary"
              disabled={busy}
            >
              Update the price
            </button>
            <button type="submit" name="intent" value="add" className="button button--large" disabled={busy}>
              Add the configuration to the cart
            </button>
          </div>
        )}
      </Form>
      {orderable && (
        <Form method="post" encType="multipart/form-data" className="cpq__form cpq__upload" noValidate>
          <h2>Upload a configuration</h2>
          <input type="hidden" name="itemId" value={model.instrument.catalogItemId} />
          <input type="hidden" name="qty" value={configuration.qty} />
          <div className="quick-order__field">
            <label htmlFor={ids.file}>A CSV or Excel file of option SKUs, one per line</label>
            <input id={ids.file} type="file" name="file" accept=".csv,.txt,.xlsx" />
          </div>
          {answer && answer.uploadProblems.length > 0 && (
            <ul className="quick-order__problem" aria-label="Lines of the file that were left out">
              {answer.uploadProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <div>
            <button
              type="submit"
              name="intent"
              value="upload"
              className="button button--secondary"
              disabled={busy}
            >
              Tick the options in the file
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

function OptionText({ option, currency }: { option: CpqOption; currency: string }) {
  return (
    <span>
      <strong>{option.name}</strong>
      {option.qtyPerInstrument > 1 && ` × ${option.qtyPerInstrument}`} ·{' '}
      {formatMoney(option.unitPrice, currency)}
      <span className="cpq__note">
        {' '}
        — {option.section}: {option.note}
      </span>
    </span>
  );
}

function PriceSummary({ priced }: { priced: Priced }) {
  return (
    <div className="cpq__summary" role="status">
      <table className="cpq__table">
        <caption>Your configuration at your prices</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <NumberHeading>Qty</NumberHeading>
            <NumberHeading>Line total</NumberHeading>
          </tr>
        </thead>
        <tbody>
          {priced.lines.map((line) => (
            <tr key={line.catalogItemId}>
              <td>
                {line.name}
                <span className="cpq__note"> ({line.sku})</span>
              </td>
              <NumberCell>{line.qty}</NumberCell>
              <NumberCell>{formatMoney(line.lineTotal, priced.currency)}</NumberCell>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="quick-order__number">
              <strong>{formatMoney(priced.total, priced.currency)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
