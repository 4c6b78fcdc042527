import type { LinkedComponent, PartsNode } from '@storefront/contracts';
import { formatDay, formatMoney } from '../../lib/format';
import { qtyFieldName } from './fields';

interface TreeProps {
  /** Qty in the cart by catalogue item id. */
  inCart: Readonly<Record<string, number>>;
  /** Problems of the last submit, by field name. */
  problems: Readonly<Record<string, string>>;
  busy: boolean;
}

/** A parts tree: headings as sections, modules with their parts nested under them. */
export function PartsTree({ nodes, ...props }: TreeProps & { nodes: readonly PartsNode[] }) {
  const headings = nodes.filter((node) => node.kind === 'Assembly');
  const parts = nodes.filter((node) => node.kind !== 'Assembly');
  return (
    <>
      {parts.length > 0 && <PartRows nodes={parts} {...props} />}
      {headings.map((heading) => (
        <section key={heading.id} className="parts-section" aria-labelledby={`parts-${heading.id}`}>
          <h3 id={`parts-${heading.id}`} className="parts-section__title">
            {heading.name}
          </h3>
          <PartsTree nodes={heading.children} {...props} />
        </section>
      ))}
    </>
  );
}

function PartRows({ nodes, ...props }: TreeProps & { nodes: readonly PartsNode[] }) {
  return (
    <ul className="part-rows">
      {nodes.map((node) => (
        <PartRow key={node.id} node={node} {...props} />
      ))}
    </ul>
  );
}

function PartRow({ node, inCart, problems, busy }: TreeProps & { node: PartsNode }) {
  const { item, supersededBy } = node;
  const field = node.partNumber ? qtyFieldName(node.partNumber) : null;
  const problem = field ? problems[field] : undefined;
  const inputId = `qty-${node.id}`;
  const problemId = `${inputId}-problem`;
  const held = item ? inCart[item.itemId] : undefined;
  return (
    <li className={supersededBy ? 'part part--superseded' : 'part'}>
      <div className="part__picture">
        {node.image ? <img src={node.image} alt="" width={96} height={72} loading="lazy" /> : null}
      </div>
      <div className="part__info">
        <p className="part__name">
          {node.name}
          {supersededBy && <span className="part__badge">No longer made</span>}
        </p>
        <p className="part__facts">
          <span>Part no. {node.partNumber}</span>
          <span>{node.kind}</span>
          <span>{node.quantity} per instrument</span>
        </p>
        {supersededBy && item && (
          <p className="part__replacement">
            Replaced by <strong>{item.sku}</strong> {item.name} on {formatDay(supersededBy.supersededOn)}.{' '}
            {supersededBy.reason}
          </p>
        )}
        {node.linked.length > 0 && <FittedComponents components={node.linked} />}
      </div>
      <div className="part__order">
        {item && field ? (
          <>
            <p className="part__price">
              {formatMoney(item.unitPrice, item.currency)} <span className="part__unit">{item.unit}</span>
            </p>
            {held ? <p className="part__in-cart">In your cart: {held}</p> : null}
            <div className="part__buy">
              <label htmlFor={inputId} className="visually-hidden">
                Quantity of {item.name}
              </label>
              <input
                id={inputId}
                name={field}
                type="number"
                inputMode="numeric"
                min={1}
                max={100000}
                placeholder="Qty"
                className="part__qty"
                {...(problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {})}
              />
              <button
                type="submit"
                name="only"
                value={node.partNumber ?? ''}
                className="button button--secondary"
                disabled={busy}
                aria-label={`Add ${item.name} to cart`}
              >
                Add
              </button>
            </div>
            {problem && (
              <p id={problemId} className="field-error">
                {problem}
              </p>
            )}
          </>
        ) : (
          <p className="part__unavailable">Not in your catalogue: ask your account manager for a quote.</p>
        )}
      </div>
      {node.children.length > 0 && (
        <div className="part__children">
          <PartRows nodes={node.children} inCart={inCart} problems={problems} busy={busy} />
        </div>
      )}
    </li>
  );
}

/**
 * The instrument's components of a part: their serials and how the last service found them; `named` when
 * the list stands apart from a part's row.
 */
export function FittedComponents({
  components,
  named = false,
}: {
  components: readonly LinkedComponent[];
  named?: boolean;
}) {
  return (
    <ul className="fitted" aria-label="Fitted on this instrument">
      {components.map((component) => (
        <li key={component.id} className="fitted__item">
          {named ? `${component.name}, ${component.quantity} fitted` : 'Fitted'}
          {component.serialNumber ? `: serial ${component.serialNumber}` : ''}
          {component.supersededBy && ` (earlier revision ${component.partNumber})`}
          {component.condition === 'Worn' && <span className="fitted__worn">Worn: replace</span>}
        </li>
      ))}
    </ul>
  );
}
