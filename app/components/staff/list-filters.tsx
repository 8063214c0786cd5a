import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * The filter bar above a staff list (a GET form, so filters are in the address and work
 * without JavaScript), its parts, and the count under it.
 */
export function FilterBar({ label, filtered, children }: { label: string; filtered: boolean; children: ReactNode }) {
  return (
    <Form method="get" className="inbox-filters" role="search" aria-label={label}>
      {children}
      <button type="submit" className="button button-small">
        Filtrer
      </button>
      {filtered ? (
        <Link to="." className="button button-small button-ghost">
          Nullstill
        </Link>
      ) : null}
    </Form>
  );
}

type Choice = { value: string; label: string };

/** A select whose empty choice means "all". */
export function SelectFilter(props: { label: string; name: string; value: string; all: string; choices: Choice[] }) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value}>
        <option value="">{props.all}</option>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SearchFilter({ value, maxLength, placeholder }: { value: string; maxLength: number; placeholder: string }) {
  return (
    <label className="inbox-search">
      Søk
      <input type="search" name="q" defaultValue={value} maxLength={maxLength} placeholder={placeholder} />
    </label>
  );
}

/** A yes/no filter ("Bare feil"): sends name=1 when ticked, nothing otherwise. */
export function CheckboxFilter({ label, name, checked }: { label: string; name: string; checked: boolean }) {
  return (
    <label className="filter-checkbox">
      <input type="checkbox" name={name} value="1" defaultChecked={checked} />
      {label}
    </label>
  );
}

/** "12 abonnenter som passer filteret." */
export function ListCount(props: { total: number; one: string; many: string; filtered: boolean; testId?: string }) {
  const { total, one, many, filtered } = props;
  return (
    <p data-testid={props.testId}>
      {total === 1 ? `1 ${one}` : `${total.toLocaleString("nb-NO")} ${many}`}
      {filtered ? " som passer filteret" : ""}.
    </p>
  );
}

/** Each value with its label, for SelectFilter. */
export const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>): Choice[] =>
  values.map((value) => ({ value, label: labels[value] }));
