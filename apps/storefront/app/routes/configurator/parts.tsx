import { Form, Link, type MetaDescriptor, useNavigation } from 'react-router';
import { addParts, loadConfigurator } from '../../features/configurator/configurator.server';
import { configuratorPath } from '../../features/configurator/fields';
import { InstrumentPicker } from '../../features/configurator/InstrumentPicker';
import { FittedComponents, PartsTree } from '../../features/configurator/PartsTree';
import { readForm } from '../../lib/form.server';
import { formatDay } from '../../lib/format';
import { CART_PATH } from '../../lib/paths';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/parts';
import styles from './configurator.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = ({ loaderData }): MetaDescriptor[] => [
  { title: loaderData?.parts.model ? `Parts: ${loaderData.parts.model.name}` : 'Parts configurator' },
];

/**
 * The parts configurator, /configurator (docs/decisions/0035): an installed instrument's (or a model's)
 * parts tree with pictures and prices, superseded parts shown with their successors, and the cart's
 * quantities beside them.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadConfigurator(await requireAccountSession(args));
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  return addParts(session, await readForm(args.request));
}

export default function ConfiguratorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { instruments, parts, inCart, notice } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const { model, instrument } = parts;
  const problems = actionData && !actionData.ok ? actionData.problems : {};
  return (
    <section className="configurator" aria-labelledby="configurator-heading">
      <h1 id="configurator-heading">Parts for your instruments</h1>
      <p className="configurator__intro">
        Choose an instrument to see its parts and consumables, what is fitted to it, and what replaced a part
        that is no longer made.
      </p>
      <InstrumentPicker
        instruments={instruments}
        currentId={instrument?.id ?? null}
        basePath="/configurator"
      />
      <Form method="get" className="model-picker">
        <label htmlFor="model-choice">Or browse the parts of a model</label>
        <select id="model-choice" name="model" defaultValue={instrument ? '' : (model?.sku ?? '')}>
          <option value="" disabled>
            Choose a model
          </option>
          {parts.models.map((choice) => (
            <option key={choice.sku} value={choice.sku}>
              {choice.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          Show parts
        </button>
      </Form>
      {notice && <p className="configurator__notice">{notice}</p>}
      {model && (
        <>
          <header className="configurator__subject">
            <h2>{model.name}</h2>
            {instrument ? (
              <p className="configurator__facts">
                Serial {instrument.serialNumber} · {instrument.site} · installed{' '}
                {formatDay(instrument.installedOn)} ·{' '}
                <Link to={configuratorPath('/configurator/manageComponents', instrument.id)}>
                  Manage components
                </Link>
              </p>
            ) : (
              <p className="configurator__facts">All parts of the model, as listed for a new instrument.</p>
            )}
          </header>
          {actionData && (
            <p
              role={actionData.ok ? 'status' : 'alert'}
              className={actionData.ok ? 'configurator__done' : 'configurator__problem'}
            >
              {actionData.message} {actionData.ok && <Link to={CART_PATH}>View your cart</Link>}
            </p>
          )}
          <Form method="post" className="parts-form">
            <PartsTree nodes={parts.tree} inCart={inCart} problems={problems} busy={busy} />
            {parts.otherLinked.length > 0 && (
              <section className="parts-section" aria-labelledby="parts-other">
                <h3 id="parts-other" className="parts-section__title">
                  Other components fitted
                </h3>
                <FittedComponents components={parts.otherLinked} named />
              </section>
            )}
            <div className="parts-form__submit">
              <button type="submit" className="button" disabled={busy}>
                Add the quantities entered to cart
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
