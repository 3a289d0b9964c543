/** What filters and tests may ask of the running interpreter. */
import type { PyKwargs, PyValue } from '../../pyvalue/types';
import type { RenderBudget } from '../limits';

export interface RuntimeContext {
  /** What the rendering has made so far: a filter counts each string or list it makes, before making it. */
  readonly budget: RenderBudget;
  /** `tojson`'s key order: Jinja2's default policy sorts keys; `json.dumps_kwargs = {}` keeps insertion order. */
  readonly sortKeys: boolean;
  /** Jinja's environment.getattr: attribute first, then item. */
  getAttr(obj: PyValue, name: string): PyValue;
  /** Jinja's environment.getitem: item first, then attribute. */
  getItem(obj: PyValue, key: PyValue): PyValue;
  applyFilter(name: string, value: PyValue, args: PyValue[], kwargs: PyKwargs): PyValue;
  applyTest(name: string, value: PyValue, args: PyValue[], kwargs: PyKwargs): boolean;
  hasFilter(name: string): boolean;
  hasTest(name: string): boolean;
}

export type FilterFn = (ctx: RuntimeContext, value: PyValue, args: PyValue[], kwargs: PyKwargs) => PyValue;
export type TestFn = (ctx: RuntimeContext, value: PyValue, args: PyValue[], kwargs: PyKwargs) => boolean;
