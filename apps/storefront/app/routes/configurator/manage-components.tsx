import type { InstalledInstrument, LinkedComponent } from '@storefront/contracts';
import { Form, Link, type MetaDescriptor, useNavigation } from 'react-router';
import { changeComponents, loadComponents } from '../../features/configurator/configurator.server';
import { configuratorPath } from '../../features/configurator/fields';
import { InstrumentPicker } from '../../features/configurator/InstrumentPicker';
import { readForm } from '../../lib/form.server';
import { formatDay } from '../../lib/format';
import { requireAccountSession } from '../../lib/storefront.server';
import type { Route } from './+types/manage-components';
import styles from './configurator.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: Route.MetaFunction = (): MetaDescriptor[] => [{ title: 'Components of your instruments' }];

/**
 * /configurator/manageComponents (docs/decisions/0035): the components fitted to each instrument of the
 * account's install base, linked with their serials and unlinked when removed.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadComponents(await requireAccountSession(args));
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAccountSession(args);
  return changeComponents(session, await readForm(args.request));
}

export default function ManageComponentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { instruments, instrument, components } = loaderData;
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="configurator" aria-labelledby="components-heading">
      <h1 id="components-heading">Components of your instruments</h1>
      <p className="configurator__intro">
        Keep a record of the modules and parts fitted to each instrument, with their serial numbers, so
        service visits and reorders find the right revision.
      </p>
      <InstrumentPicker
        instruments={instruments}
        currentId={instrument?.id ?? null}
        basePath="/configurator/manageComponents"
      />
      {!instrument || !components ? (
        <p className="configurator__notice">Your account has no instruments registered yet.</p>
      ) : (
        <>
          <header className="configurator__subject">
            <h2>
              {instrument.modelName}, serial {instrument.serialNumber}
            </h2>
            <p className="configurator__facts">
              {instrument.site} · installed {formatDay(instrument.installedOn)} ·{' '}
              <Link to={configuratorPath('/configurator', instrument.id)}>
                Order parts for this instrument
              </Link>
            </p>
          </header>
          {actionData && (
            <p
              role={actionData.ok ? 'status' : 'alert'}
              className={actionData.ok ? 'configurator__done' : 'configurator__problem'}
            >
              {actionData.message}
            </p>
          )}
          <LinkedList instrument={instrument} linked={components.linked} busy={busy} />
          {instrument.status === 'Active' ? (
            <LinkForm
              // A new form after each link or unlink, so the last entry does not stay filled in.
              key={components.linked.map((component) => component.id).join()}
              instrument={instrument}
              candidates={components.candidates}
              problems={actionData && !actionData.ok ? actionData.problems : {}}
              busy={busy}
            />
          ) : (
            <p className="configurator__notice">
              This instrument is decommissioned: its record is kept, and nothing new can be linked to it.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function LinkedList({
  instrument,
  linked,
  busy,
}: {
  instrument: InstalledInstrument;
  linked: readonly LinkedComponent[];
  busy: boolean;
}) {
  if (linked.length === 0) return <p>No components are linked to this instrument yet.</p>;
  return (
    <ul className="components" aria-label="Linked components">
      {linked.map((component) => {
        const label = [component.name, component.serialNumber].filter(Boolean).join(', serial ');
        return (
          <li key={component.id} className="component">
            <div className="component__facts">
              <p className="part__name">
                {component.name}
                {component.condition === 'Worn' && <span className="fitted__worn">Worn: replace</span>}
              </p>
              <p className="part__facts">
                <span>Part no. {component.partNumber}</span>
                <span>Serial {component.serialNumber ?? 'not recorded'}</span>
                <span>Qty {component.quantity}</span>
                <span>Linked {formatDay(component.linkedOn)}</span>
              </p>
              {component.supersededBy && (
                <p className="part__replacement">
                  No longer made: replaced by <strong>{component.supersededBy.successorSku}</strong>.
                </p>
              )}
            </div>
            <Form method="post">
              <input type="hidden" name="installBaseId" value={instrument.id} />
              <input type="hidden" name="componentId" value={component.id} />
              <button
                type="submit"
                name="intent"
                value="unlink"
                className="button button--secondary"
                disabled={busy}
                aria-label={`Unlink ${label}`}
              >
                Unlink
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}

type LinkProblems = Partial<Record<'itemId' | 'quantity' | 'serialNumber', string>>;

function LinkForm({
  instrument,
  candidates,
  problems,
  busy,
}: {
  instrument: InstalledInstrument;
  candidates: { itemId: string; sku: string; name: string }[];
  problems: LinkProblems;
  busy: boolean;
}) {
  const described = (field: keyof LinkProblems) =>
    problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': `link-${field}-problem` } : {};
  const problem = (field: keyof LinkProblems) =>
    problems[field] ? (
      <p id={`link-${field}-problem`} className="field-error">
        {problems[field]}
      </p>
    ) : null;
  return (
    <Form method="post" className="link-form" aria-labelledby="link-heading">
      <h3 id="link-heading">Link a component</h3>
      <input type="hidden" name="installBaseId" value={instrument.id} />
      <div className="link-form__field link-form__field--wide">
        <label htmlFor="link-itemId">Part</label>
        <select id="link-itemId" name="itemId" defaultValue="" {...described('itemId')}>
          <option value="">Choose a part</option>
          {candidates.map((candidate) => (
            <option key={candidate.itemId} value={candidate.itemId}>
              {candidate.name} ({candidate.sku})
            </option>
          ))}
        </select>
        {problem('itemId')}
      </div>
      <div className="link-form__field">
        <label htmlFor="link-quantity">Quantity</label>
        <input
          id="link-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          defaultValue={1}
          {...described('quantity')}
        />
        {problem('quantity')}
      </div>
      <div className="link-form__field">
        <label htmlFor="link-serialNumber">Serial number (optional)</label>
        <input
          id="link-serialNumber"
          name="serialNumber"
          type="text"
          maxLength={40}
          autoComplete="off"
          {...described('serialNumber')}
        />
        {problem('serialNumber')}
      </div>
      <button type="submit" name="intent" value="link" className="button" disabled={busy}>
        Link component
      </button>
    </Form>
  );
}
